import { describe, expect, it } from 'vitest';
import { toChartRows } from './chart-rows';

describe('toChartRows', () => {
  it('fills every day of the range and puts each type in its own column', () => {
    const { rows, types } = toChartRows({
      from: '2026-02-27',
      to: '2026-03-02',
      rows: [
        { day: '2026-02-28', eventType: 'copyClick', count: 3 },
        { day: '2026-03-02', eventType: 'saveClick', count: 1 },
      ],
      totals: [
        { eventType: 'copyClick', count: 3 },
        { eventType: 'saveClick', count: 1 },
      ],
    });
    expect(types).toEqual(['copyClick', 'saveClick']);
    expect(rows).toEqual([
      { day: '2026-02-27', copyClick: 0, saveClick: 0 },
      { day: '2026-02-28', copyClick: 3, saveClick: 0 },
      { day: '2026-03-01', copyClick: 0, saveClick: 0 },
      { day: '2026-03-02', copyClick: 0, saveClick: 1 },
    ]);
  });
});
