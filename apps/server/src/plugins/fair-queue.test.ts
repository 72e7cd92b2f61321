import { describe, expect, it } from 'vitest';
import { clientOf } from '../client-address.js';
import { FairQueue } from './fair-queue.js';

describe('FairQueue', () => {
  it('takes the clients in rotation, each client in arrival order', () => {
    const queue = new FairQueue<{ since: number; name: string }>();
    for (let i = 1; i <= 4; i++) queue.push('flood', { since: i, name: `flood ${i}` });
    queue.push('single', { since: 5, name: 'single' });
    queue.push('other', { since: 6, name: 'other 1' });
    queue.push('other', { since: 7, name: 'other 2' });
    const order: string[] = [];
    for (let item = queue.shift(); item; item = queue.shift()) order.push(item.name);
    expect(order).toEqual(['flood 1', 'single', 'other 1', 'flood 2', 'other 2', 'flood 3', 'flood 4']);
    expect(queue.size).toBe(0);
  });

  it('takes out the items older than a time, of every client', () => {
    const queue = new FairQueue<{ since: number }>();
    queue.push('a', { since: 1 });
    queue.push('a', { since: 5 });
    queue.push('b', { since: 2 });
    expect(queue.takeOlderThan(3).map((item) => item.since)).toEqual([1, 2]);
    expect(queue.size).toBe(1);
    expect(queue.shift()).toEqual({ since: 5 });
  });
});

describe('clientOf', () => {
  it('is the IPv4 address, the /64 of an IPv6 address, and IPv4 for a mapped address', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2');
    expect(clientOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2');
    expect(clientOf('2001:0db8::1')).toBe('2001:db8:0:0');
    expect(clientOf(undefined)).toBe('');
  });
});
