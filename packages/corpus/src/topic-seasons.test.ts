import { describe, expect, it } from 'vitest';
import { seasonOfTopic, seasonWeights } from './topic-seasons.js';

describe('topic seasons', () => {
  it('gives a topic the same season for the same seed, and every season to some topics', () => {
    const seasons = Array.from({ length: 200 }, (_, topic) => seasonOfTopic(1, topic));
    expect(seasons).toEqual(Array.from({ length: 200 }, (_, topic) => seasonOfTopic(1, topic)));
    expect(new Set(seasons)).toEqual(new Set(['steady', 'rising', 'fading', 'weekends', 'breaking']));
  });

  it('shapes the days: rising ends higher than it starts, fading lower, breaking jumps on the last day', () => {
    const first = 20_000;
    const rising = seasonWeights('rising', 90, first);
    expect(rising[89]!).toBeGreaterThan(rising[0]! * 3);
    const fading = seasonWeights('fading', 90, first);
    expect(fading[89]!).toBeLessThan(fading[0]!);
    const breaking = seasonWeights('breaking', 90, first);
    expect(breaking[89]!).toBeGreaterThan(breaking[88]! * 2);
    expect(breaking[88]!).toBeGreaterThan(breaking[87]! * 1.5);
    // Day 20,001 since 1970 was a Saturday: weekends weigh more than the Monday after.
    const weekends = seasonWeights('weekends', 7, first + 1);
    expect(weekends[0]!).toBeGreaterThan(weekends[2]! * 1.5);
  });
});
