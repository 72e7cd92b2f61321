// @tagscout/server/app: the whole server, for bench/ (see docs/architecture.md, "Layering rules").
export { buildApp } from '../app.js';
export { type Config, loadConfig } from '../config.js';
export { registerLoadShedding } from '../plugins/load-shedding.js';
