import type { PlaceSeed } from './places.js';
import type { Rng } from './rng.js';
import { pickLogUniform } from './sampling.js';
import type { TopicSpec } from './topics.js';

/**
 * A post's caption: a few of its topics' words, the topic's bio line now and then, and the city of
 * its place, so the sample store's word table (decision 030) has words that go with its tags.
 * Drawn from its own random stream, so the rest of the corpus is as it was.
 */
export function drawCaption(
  rng: Rng,
  context: { topic: TopicSpec; other?: TopicSpec; place?: PlaceSeed },
): string {
  const stems = context.topic.stems.split(' ');
  const words = new Set<string>();
  const count = 2 + rng.int(3);
  for (let attempt = 0; words.size < count && attempt < count * 3; attempt++)
    words.add(stems[pickLogUniform(rng, stems.length)]!);
  if (context.other && rng.chance(0.5)) {
    const others = context.other.stems.split(' ');
    words.add(others[pickLogUniform(rng, others.length)]!);
  }
  const parts = [[...words].join(' ')];
  if (rng.chance(0.4)) parts.unshift(`${context.topic.bio}.`);
  if (context.place && rng.chance(0.6)) parts.push(`in ${context.place.title.split(',')[0]}`);
  return parts.join(' ');
}
