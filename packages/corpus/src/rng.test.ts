import { describe, expect, it } from 'vitest';
import { createRng, mix32, shuffleInPlace } from './rng.js';
import { createWeightedPicker, logUniformProbability, pickLogUniform, zipfWeights } from './sampling.js';

describe('createRng', () => {
  it('repeats its sequence for a seed and stream, and differs across either', () => {
    const draw = (seed: number, stream: number) => {
      const rng = createRng(seed, stream);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw(7, 0)).toEqual(draw(7, 0));
    expect(draw(7, 0)).not.toEqual(draw(8, 0));
    expect(draw(7, 0)).not.toEqual(draw(7, 1));
  });

  it('draws uniformly in [0, 1)', () => {
    const rng = createRng(1);
    let sum = 0;
    let outside = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = rng.next();
      if (x < 0 || x >= 1) outside++;
      sum += x;
    }
    expect(outside).toBe(0);
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
  });
});

describe('mix32', () => {
  it('never maps two indexes to one id', () => {
    const ids = new Set<number>();
    for (let i = 0; i < 200_000; i++) ids.add(mix32(i));
    expect(ids.size).toBe(200_000);
  });
});

describe('shuffleInPlace', () => {
  it('permutes', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const shuffled = shuffleInPlace([...items], createRng(3));
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
  });
});

describe('sampling', () => {
  it('picks indexes in proportion to their weights', () => {
    const picker = createWeightedPicker([1, 0, 3]);
    const rng = createRng(5);
    const counts = [0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[picker.pick(rng)]!++;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeCloseTo(3, 0);
    expect(picker.probability(2)).toBe(0.75);
  });

  it('favours the head of a Zipf list', () => {
    const weights = zipfWeights(100);
    expect(weights[0]).toBe(1);
    expect(weights[9]).toBeCloseTo(0.1);
  });

  it('draws log-uniform indexes with the probabilities it reports', () => {
    const size = 1_000;
    const total = Array.from({ length: size }, (_, i) => logUniformProbability(i, size)).reduce(
      (a, b) => a + b,
    );
    expect(total).toBeCloseTo(1, 6);
    const rng = createRng(9);
    let head = 0;
    for (let i = 0; i < 50_000; i++) if (pickLogUniform(rng, size) < 10) head++;
    const expected = Array.from({ length: 10 }, (_, i) => logUniformProbability(i, size)).reduce(
      (a, b) => a + b,
    );
    expect(head / 50_000).toBeCloseTo(expected, 1);
  });
});
