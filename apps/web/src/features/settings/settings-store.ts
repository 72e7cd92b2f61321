import { type CopyNetwork, DEFAULT_COPY_NETWORK, DEFAULT_TEXT_BEFORE_HASHTAGS } from '@tagscout/core/export';
import { LIMITS } from '@tagscout/core/limits';
import type { Network } from '@tagscout/core/networks';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The related tag orders Settings offers (the server's `ranking`). */
export type RelatedOrder = 'subcount' | 'spec' | 'idfWeighted';

/** The settings (docs/product-rules.md#settings), kept in the browser and applied at once. */
export interface Settings {
  textBeforeHashtagsEnabled: boolean;
  textBeforeHashtagsText: string;
  emojisEnabled: boolean;
  exportCommaDelimited: boolean;
  relatedTagCount: number;
  /** How related tags are ordered: co-occurrence, the relevance score, or co-occurrence weighted by rarity (decision 015). */
  relatedRanking: RelatedOrder;
  bgSeedSearches: number;
  brandingDisabled: boolean;
  /** The network the export panel copies for ("Copy for"), remembered between visits. */
  copyNetwork: CopyNetwork;
  /** The network searches, counts, related tags and trends come from; null: the server's default. */
  searchNetwork: Network | null;
  /** Days the trend sparklines show (7 or 30). */
  trendDays: 7 | 30;
}

export const DEFAULT_SETTINGS: Settings = {
  textBeforeHashtagsEnabled: false,
  textBeforeHashtagsText: DEFAULT_TEXT_BEFORE_HASHTAGS,
  emojisEnabled: true,
  exportCommaDelimited: false,
  relatedTagCount: LIMITS.relatedTagCountSettingDefault,
  relatedRanking: 'subcount',
  bgSeedSearches: LIMITS.bgSeedSearchesDefault,
  brandingDisabled: false,
  copyNetwork: DEFAULT_COPY_NETWORK,
  searchNetwork: null,
  trendDays: 30,
};

/**
 * Version 1 stored the related order with the relevance score as its default, so a stored 'spec'
 * from then is almost always that default, not a choice: it moves to today's default (decision
 * 015). A 'spec' stored since version 2 is a choice and stays.
 */
export function migrateSettings(persisted: unknown, version: number): Partial<Settings> {
  const stored = (persisted ?? {}) as Partial<Settings>;
  if (version < 2 && stored.relatedRanking === 'spec') {
    return { ...stored, relatedRanking: DEFAULT_SETTINGS.relatedRanking };
  }
  return stored;
}

interface SettingsStore extends Settings {
  update: (changes: Partial<Settings>) => void;
  reset: () => void;
}

export const useSettings = create<SettingsStore>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (changes) => set(changes),
      reset: () => set(DEFAULT_SETTINGS),
    }),
    { name: 'settings', version: 2, migrate: migrateSettings },
  ),
);
