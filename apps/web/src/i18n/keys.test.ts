import { WALKTHROUGH_STEPS } from '@tagscout/core/walkthrough';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import pt from './pt.json';

/** Every leaf of a translation file as a dotted key ("menu.search"), sorted. */
function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node)
    .flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key))
    .sort();
}

describe('the translations', () => {
  it('have the same keys in English and Portuguese, nested ones included', () => {
    expect(keysOf(pt)).toEqual(keysOf(en));
  });

  it("have every text of the guide's steps (their keys are made in core)", () => {
    const english = new Set(keysOf(en));
    const stepKeys = WALKTHROUGH_STEPS.flatMap((step) =>
      [step.title, step.message, step.title2, step.message2].filter((key) => key !== undefined),
    );
    expect(stepKeys.filter((key) => !english.has(key))).toEqual([]);
  });
});
