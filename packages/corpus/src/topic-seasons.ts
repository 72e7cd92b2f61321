import { createRng } from './rng.js';
import { createWeightedPicker, type WeightedPicker } from './sampling.js';

/**
 * How a topic's posts spread over the corpus's days, so the sample's daily uses look like a real
 * network's: most topics steady, some rising, some fading, some busier at weekends, and a few
 * breaking in the last two days (so "Trending now" has something to show offline). All topics grow
 * slowly over the window, as the network does, and have a small weekly rhythm. Deterministic: the
 * same seed, topic and first day give the same shape.
 */
export type TopicSeason = 'steady' | 'rising' | 'fading' | 'weekends' | 'breaking';

export function seasonOfTopic(seed: number, topic: number): TopicSeason {
  const draw = createRng(seed, 1000 + topic).next();
  if (draw < 0.55) return 'steady';
  if (draw < 0.7) return 'rising';
  if (draw < 0.82) return 'fading';
  if (draw < 0.92) return 'weekends';
  return 'breaking';
}

/** Weight of each of `days` days (day 0 the oldest; firstDay: its number since 1970) for the season. */
export function seasonWeights(season: TopicSeason, days: number, firstDay: number): Float64Array {
  const weights = new Float64Array(days);
  for (let day = 0; day < days; day++) {
    const x = (day + 0.5) / days;
    // 1970-01-01 was a Thursday: (day + 4) % 7 is 0 on Sundays.
    const weekday = (firstDay + day + 4) % 7;
    const isWeekend = weekday === 0 || weekday === 6;
    // The network's slow growth (the old uniform draw's r^0.85) and its weekly rhythm.
    let weight = x ** 0.18 * (isWeekend ? 1.1 : 1);
    if (season === 'rising') weight *= 0.3 + 1.7 * x * x;
    else if (season === 'fading') weight *= 1.6 - 1.3 * x;
    else if (season === 'weekends' && isWeekend) weight *= 1.9;
    else if (season === 'breaking') weight *= day === days - 1 ? 6 : day === days - 2 ? 2 : 1;
    weights[day] = weight;
  }
  return weights;
}

/** One day picker per topic. */
export function topicDayPickers(
  seed: number,
  topics: number,
  days: number,
  firstDay: number,
): WeightedPicker[] {
  return Array.from({ length: topics }, (_, topic) =>
    createWeightedPicker(seasonWeights(seasonOfTopic(seed, topic), days, firstDay)),
  );
}
