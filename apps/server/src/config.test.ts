import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toMatch(/data\/tagscout\.db$/);
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('stops on a bad value with one line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment: PORT="abc" /);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000" must be between 0 and 65535/);
  });

  it('names every bad variable at once', () => {
    const attempt = () => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(/PORT="x".*; LOG_LEVEL="loud"/);
  });
});
