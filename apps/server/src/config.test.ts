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

  it('maps 2048 MB of a SQLite store by default, 0 for none, never a negative size', () => {
    expect(loadConfig({}).SQLITE_MMAP_MB).toBe(2048);
    expect(loadConfig({ SQLITE_MMAP_MB: '0' }).SQLITE_MMAP_MB).toBe(0);
    expect(() => loadConfig({ SQLITE_MMAP_MB: '-1' })).toThrow(
      /SQLITE_MMAP_MB="-1" must be 0 \(off\) or more megabytes/,
    );
  });

  it('names every bad variable at once', () => {
    const attempt = () => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(/PORT="x".*; LOG_LEVEL="loud"/);
  });

  it('reads BLUESKY_JETSTREAM_URL as a list: the public instances by default, empty for off, ws(s) URLs only', () => {
    expect(loadConfig({}).BLUESKY_JETSTREAM_URL).toEqual([
      'wss://jetstream1.us-east.bsky.network/subscribe',
      'wss://jetstream2.us-east.bsky.network/subscribe',
      'wss://jetstream1.us-west.bsky.network/subscribe',
      'wss://jetstream2.us-west.bsky.network/subscribe',
    ]);
    expect(loadConfig({ BLUESKY_JETSTREAM_URL: '' }).BLUESKY_JETSTREAM_URL).toEqual([]);
    expect(
      loadConfig({ BLUESKY_JETSTREAM_URL: ' ws://127.0.0.1:6008/subscribe , wss://js.example/subscribe' })
        .BLUESKY_JETSTREAM_URL,
    ).toEqual(['ws://127.0.0.1:6008/subscribe', 'wss://js.example/subscribe']);
    expect(() => loadConfig({ BLUESKY_JETSTREAM_URL: 'https://jetstream.example/subscribe' })).toThrow(
      /BLUESKY_JETSTREAM_URL=.* must be comma-separated ws:\/\/ or wss:\/\/ URLs/,
    );
    expect(loadConfig({}).BLUESKY_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ BLUESKY_RETENTION_DAYS: '0' })).toThrow(
      /BLUESKY_RETENTION_DAYS="0" must be between 1/,
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges, never as "trust everyone"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16,2001:db8::/32 ,loopback,10.1.0.0/255.255.0.0' })
        .TRUST_PROXY,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '2001:db8::/32', 'loopback', '10.1.0.0/255.255.0.0']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY="true" must be the number of proxy hops or the proxies' addresses/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.example' })).toThrow(
      /TRUST_PROXY=.* names 10\.0\.0\.0\/33, proxy\.example, which are not addresses/,
    );
  });

  it('reads the crowd’s account age and the sign-up budgets', () => {
    const config = loadConfig({});
    expect(config.CROWD_MIN_ACCOUNT_AGE_HOURS).toBe(24);
    expect(config.SIGNUPS_PER_ADDRESS_PER_HOUR).toBe(5);
    expect(config.SIGNUPS_PER_NETWORK_PER_HOUR).toBe(20);
    expect(loadConfig({ CROWD_MIN_ACCOUNT_AGE_HOURS: '0' }).CROWD_MIN_ACCOUNT_AGE_HOURS).toBe(0);
    expect(() =>
      loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: '30', SIGNUPS_PER_NETWORK_PER_HOUR: '20' }),
    ).toThrow(/SIGNUPS_PER_NETWORK_PER_HOUR="20" must be at least SIGNUPS_PER_ADDRESS_PER_HOUR \(30\)/);
  });
});
