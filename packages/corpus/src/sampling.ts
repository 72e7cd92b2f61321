import type { Rng } from './rng.js';

/**
 * Draws an index with probability proportional to its weight: a cumulative table and a binary
 * search, so millions of draws over thousands of weights stay cheap.
 */
export interface WeightedPicker {
  pick(rng: Rng): number;
  /** Probability of index i, for estimating how often a tag is used without generating posts. */
  probability(i: number): number;
  size: number;
}

export function createWeightedPicker(weights: ArrayLike<number>): WeightedPicker {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    total += Math.max(0, weights[i]!);
    cumulative[i] = total;
  }
  return {
    size: weights.length,
    probability: (i) => (total > 0 ? Math.max(0, weights[i]!) / total : 0),
    pick(rng) {
      const target = rng.next() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (cumulative[mid]! > target) high = mid;
        else low = mid + 1;
      }
      return low;
    },
  };
}

/** Zipf weights 1/(rank+1)^s: a handful of tags carry most of the uses, as on real networks. */
export function zipfWeights(size: number, exponent = 1): Float64Array {
  const weights = new Float64Array(size);
  for (let i = 0; i < size; i++) weights[i] = 1 / (i + 1) ** exponent;
  return weights;
}

/**
 * A log-uniform index in [0, size): the continuous form of Zipf with exponent 1, drawn without a
 * table, for lists (the fringe of a topic) that may hold tens of thousands of tags.
 */
export function pickLogUniform(rng: Rng, size: number): number {
  const index = Math.floor(Math.exp(rng.next() * Math.log(size + 1))) - 1;
  return Math.min(size - 1, Math.max(0, index));
}

export function logUniformProbability(index: number, size: number): number {
  return Math.log((index + 2) / (index + 1)) / Math.log(size + 1);
}
