export * from './automation-template.js';
export * from './csv.js';
export * from './fold-text.js';
export * from './match-post.js';
export * from './match-profile.js';
export * from './quarry-defaults.js';
export * from './select-prospects.js';
export * from './usage-period.js';
