import { describe, expect, it } from 'vitest';
import { RegisterEventBodySchema, utf8Length } from './analytics.js';
import { isClickMilestone } from './click-milestones.js';

const userDetail = {
  userID: null,
  platform: 'web',
  device: 'd',
  appVersion: '2.1.33',
  group: 'trial',
  trialStatus: 'active',
};
const event = (n = 0) => ({
  eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  eventType: 'copyClick',
});

describe('analytics contract', () => {
  it('sends a click event at the 1st, 5th and 10th click only', () => {
    const fired = Array.from({ length: 30 }, (_, i) => i + 1).filter(isClickMilestone);
    expect(fired).toEqual([1, 5, 10]);
  });

  it('takes one event or a batch of up to 100, not both and not neither', () => {
    expect(RegisterEventBodySchema.safeParse({ userDetail, event: event() }).success).toBe(true);
    const hundred = Array.from({ length: 100 }, (_, i) => event(i));
    expect(RegisterEventBodySchema.safeParse({ userDetail, events: hundred }).success).toBe(true);
    expect(RegisterEventBodySchema.safeParse({ userDetail, events: [...hundred, event(100)] }).success).toBe(
      false,
    );
    expect(
      RegisterEventBodySchema.safeParse({ userDetail, event: event(), events: [event(1)] }).success,
    ).toBe(false);
    expect(RegisterEventBodySchema.safeParse({ userDetail }).success).toBe(false);
  });

  it('refuses names off the allow-list, props over 20 keys, ids that are not UUIDs and big events', () => {
    const parse = (changes: object) =>
      RegisterEventBodySchema.safeParse({ userDetail, event: { ...event(), ...changes } }).success;
    expect(parse({ eventType: 'dropTables' })).toBe(false);
    expect(parse({ eventId: '42' })).toBe(false);
    const props = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(parse({ props: props(20) })).toBe(true);
    expect(parse({ props: props(21) })).toBe(false);
    const big = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'é'.repeat(999)]));
    expect(parse({ props: big })).toBe(false);
    expect(parse({ extra: 1 })).toBe(false);
  });

  it('measures sizes in UTF-8 bytes', () => {
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
  });
});
