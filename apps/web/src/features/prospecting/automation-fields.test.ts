import { AUTOMATION_TEMPLATE_DEFAULTS } from '@tagscout/core/quarries';
import { describe, expect, it } from 'vitest';
import { AUTOMATION_SECTIONS, readPath, writePath } from './automation-fields';

const leaves = (node: unknown, prefix = ''): string[] =>
  node !== null && typeof node === 'object' && !Array.isArray(node)
    ? Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('the automation template form', () => {
  it('has exactly one input for every setting of the template', () => {
    const paths = AUTOMATION_SECTIONS.flatMap((section) => section.fields.map((field) => field.path));
    expect([...paths].sort()).toEqual(leaves(AUTOMATION_TEMPLATE_DEFAULTS).sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('reads and writes by dotted path without touching the original', () => {
    const changed = writePath(AUTOMATION_TEMPLATE_DEFAULTS, 'unfollow.min', 3);
    expect(readPath(changed, 'unfollow.min')).toBe(3);
    expect(readPath(changed, 'unfollow.max')).toBe(250);
    expect(AUTOMATION_TEMPLATE_DEFAULTS.unfollow.min).toBe(245);
    expect(readPath(writePath(AUTOMATION_TEMPLATE_DEFAULTS, 'title', 'x'), 'title')).toBe('x');
  });
});
