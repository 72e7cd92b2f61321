import { describe, expect, it } from 'vitest';
import { perAccountKey } from './route-guards.js';

describe('perAccountKey', () => {
  const key = perAccountKey('uploads');

  it('counts a signed-in account as one, from any address', () => {
    const atHome = key({ viewer: { userId: 'u1' }, ip: '203.0.113.7' });
    const onThePhone = key({ viewer: { userId: 'u1' }, ip: '2001:db8:1:2::9' });
    expect(atHome).toBe(onThePhone);
    expect(key({ viewer: { userId: 'u2' }, ip: '203.0.113.7' })).not.toBe(atHome);
  });

  it('counts anyone else by client: the addresses of one IPv6 /64 are one', () => {
    const first = key({ viewer: {}, ip: '2001:db8:1:2::9' });
    expect(key({ viewer: { userId: null }, ip: '2001:db8:1:2:ffff::1' })).toBe(first);
    expect(key({ viewer: {}, ip: '2001:db8:1:3::9' })).not.toBe(first);
  });

  it('never lets an address pass for an account', () => {
    expect(key({ viewer: {}, ip: 'u1' })).not.toBe(key({ viewer: { userId: 'u1' }, ip: '198.51.100.1' }));
  });
});
