import { describe, expect, it } from 'vitest';
import { clientOf, isProxyAddress, networkOf, trustProxyOf } from './client-address.js';

describe('clientOf', () => {
  it('is the address, an IPv6 address’s /64, an IPv4-mapped address’s IPv4 address', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('2001:db8:7:1::1')).toBe('2001:db8:7:1');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf(undefined)).toBe('');
  });
});

describe('networkOf', () => {
  it('is an IPv4 address’s /24 and an IPv6 address’s /48', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:7:1::1')).toBe('2001:db8:7::/48');
    expect(networkOf('2001:0db8:0007:ffff:1:2:3:4')).toBe('2001:db8:7::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('')).toBe('');
  });
});

describe('trustProxyOf', () => {
  it('is off for 0 hops or no proxies, and passes a list of proxies to Fastify as it is', () => {
    expect(trustProxyOf(0)).toBe(false);
    expect(trustProxyOf([])).toBe(false);
    expect(trustProxyOf(['10.0.0.1', '192.168.0.0/16'])).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('trusts a number of hops only when the nearest one is a loopback or private address', () => {
    const trust = trustProxyOf(2) as (address: string, hop: number) => boolean;
    for (const proxy of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      'fd00::5',
      '::ffff:10.0.0.1',
    ])
      expect(trust(proxy, 0)).toBe(true);
    for (const client of ['198.51.100.7', '2001:db8::1', '172.32.0.1', '::ffff:198.51.100.7'])
      expect(trust(client, 0)).toBe(false);
    // Past a private proxy, the next hop is trusted wherever it is (a CDN in front of it).
    expect(trust('198.51.100.7', 1)).toBe(true);
    expect(trust('198.51.100.7', 2)).toBe(false);
  });
});

describe('isProxyAddress', () => {
  it('takes addresses, CIDR ranges, IPv4 netmasks and proxy-addr’s named ranges', () => {
    for (const entry of [
      '10.0.0.1',
      '10.0.0.0/8',
      '2001:db8::/32',
      '::1',
      '10.1.0.0/255.255.0.0',
      'loopback',
    ])
      expect(isProxyAddress(entry)).toBe(true);
    for (const entry of [
      '10.0.0.0/33',
      '2001:db8::/129',
      'proxy.example',
      '10.0.0.0/255.0.255.0',
      '10.0.0.0/8/8',
      '',
    ])
      expect(isProxyAddress(entry)).toBe(false);
  });
});
