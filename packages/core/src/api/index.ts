// The constants and small functions the web app's first screen reads live in modules that build no
// schema (`*-limits.ts`, `*-error-code.ts`, ...): using any export of a module that builds schemas keeps
// them, and zod with them, in the first screen's scripts (decision 033, apps/web/first-screen-scripts.test.ts).
export * from './account-error-code.js';
export * from './accounts.js';
export * from './analytics.js';
export * from './analytics-limits.js';
export * from './app-error-code.js';
export * from './appdata.js';
export * from './archive-content-type.js';
export * from './archive-error-code.js';
export * from './billing.js';
export * from './caption-suggest.js';
export * from './caption-suggest-limits.js';
export * from './click-milestones.js';
export * from './errors.js';
export * from './feature-switches.js';
export * from './feedback-limits.js';
export * from './hashtags.js';
export * from './health.js';
export * from './ingest-limits.js';
export * from './my-account.js';
export * from './own-posts.js';
export * from './quarries.js';
export * from './sources.js';
export * from './suggest.js';
export * from './suggest-limits.js';
export * from './topic-error-code.js';
export * from './topic-limits.js';
export * from './topic-title.js';
export * from './topics.js';
export * from './trend-limits.js';
export * from './trends.js';
export * from './user-settings.js';
