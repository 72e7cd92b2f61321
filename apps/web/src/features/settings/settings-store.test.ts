import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, useSettings } from './settings-store';

/** What the browser kept from an earlier visit, as zustand's persist writes it. */
function storeFromEarlierVisit(version: number, state: Record<string, unknown>) {
  localStorage.setItem('settings', JSON.stringify({ state: { ...DEFAULT_SETTINGS, ...state }, version }));
}

describe('settings kept from earlier visits', () => {
  afterEach(() => {
    localStorage.clear();
    useSettings.getState().reset();
  });

  it("moves version 1's default related order (the relevance score) to today's default", async () => {
    storeFromEarlierVisit(1, { relatedRanking: 'spec', relatedTagCount: 15 });
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().relatedRanking).toBe('subcount');
    // Nothing else the visitor set is lost.
    expect(useSettings.getState().relatedTagCount).toBe(15);
  });

  it('keeps the relevance score chosen since then, and any other order chosen before', async () => {
    storeFromEarlierVisit(2, { relatedRanking: 'spec' });
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().relatedRanking).toBe('spec');

    storeFromEarlierVisit(1, { relatedRanking: 'idfWeighted' });
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().relatedRanking).toBe('idfWeighted');
  });

  it('brings a related count above the 40 the server keeps down to 40, and keeps one at or below it', async () => {
    storeFromEarlierVisit(2, { relatedTagCount: 50 });
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().relatedTagCount).toBe(40);

    storeFromEarlierVisit(2, { relatedTagCount: 30 });
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().relatedTagCount).toBe(30);
  });
});
