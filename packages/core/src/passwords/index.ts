export * from './is-guessable-password.js';
export * from './password-rules.js';
