import { type CopyNetwork, DEFAULT_COPY_NETWORK, DEFAULT_TEXT_BEFORE_HASHTAGS } from '@tagscout/core/export';
import { LIMITS } from '@tagscout/core/limits';
import type { Network } from '@tagscout/core/networks';
import { DEFAULT_RELATED_RANKING, type RelatedRanking } from '@tagscout/core/related';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The related tag orders Settings offers (of the server's `ranking`). */
export type RelatedOrder = Extract<RelatedRanking, 'subcount' | 'spec' | 'idfWeighted'>;

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
  /** The export pane's help box was closed for good. */
  exportHelpHidden: boolean;
  /** "Suggested for this list" is folded to its title. */
  suggestionsFolded: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  textBeforeHashtagsEnabled: false,
  textBeforeHashtagsText: DEFAULT_TEXT_BEFORE_HASHTAGS,
  emojisEnabled: true,
  exportCommaDelimited: false,
  relatedTagCount: LIMITS.relatedTagCountSettingDefault,
  relatedRanking: DEFAULT_RELATED_RANKING,
  bgSeedSearches: LIMITS.bgSeedSearchesDefault,
  brandingDisabled: false,
  copyNetwork: DEFAULT_COPY_NETWORK,
  searchNetwork: null,
  trendDays: 30,
  exportHelpHidden: false,
  suggestionsFolded: false,
};

/**
 * Version 1 stored the related order with the relevance score as its default, so a stored 'spec'
 * from then is almost always that default, not a choice: it moves to today's default (decision
 * 015). A 'spec' stored since version 2 is a choice and stays. Before version 3 the related count
 * slider went to 50, though the server keeps 40: a count above 40 becomes 40.
 */
export function migrateSettings(persisted: unknown, version: number): Partial<Settings> {
  let stored = (persisted ?? {}) as Partial<Settings>;
  if (version < 2 && stored.relatedRanking === 'spec') {
    stored = { ...stored, relatedRanking: DEFAULT_SETTINGS.relatedRanking };
  }
  if (version < 3 && (stored.relatedTagCount ?? 0) > LIMITS.relatedTagsKept) {
    stored = { ...stored, relatedTagCount: LIMITS.relatedTagsKept };
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
    { name: 'settings', version: 3, migrate: migrateSettings },
  ),
);
