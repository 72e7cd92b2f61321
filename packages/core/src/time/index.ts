export * from './format-countdown.js';
export * from './is-live-window.js';
export * from './should-run-expiry-timer.js';
export * from './special-offer-remaining.js';
export * from './trial-notice-text.js';
