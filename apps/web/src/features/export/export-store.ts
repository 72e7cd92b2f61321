import { type ExportFilters, type ExportTag, SelectionStrategy, selectTags } from '@tagscout/core/export';
import { LIMITS } from '@tagscout/core/limits';
import { create } from 'zustand';

export const DEFAULT_FILTERS: ExportFilters = {
  postCount: [null, null],
  selectionStrategy: SelectionStrategy.lowestPostCount,
  selectionCount: LIMITS.freeSelectionMax,
};

export interface ExportState {
  /** The export list, in the order tags were added. */
  tags: ExportTag[];
  selected: string[];
  filters: ExportFilters;
  /** Selection follows the filters; choosing by hand turns it off. */
  applyFilter: boolean;
  /** Tags added since the list was started: help appears after the third. */
  addedCount: number;
  add: (tag: ExportTag) => void;
  remove: (hashtag: string) => void;
  toggleSelected: (hashtag: string) => void;
  setFilters: (changes: Partial<ExportFilters>) => void;
  setApplyFilter: (applyFilter: boolean) => void;
  setCounts: (counts: ReadonlyMap<string, number>) => void;
  clear: () => void;
}

const EMPTY = { tags: [], selected: [], filters: DEFAULT_FILTERS, applyFilter: true, addedCount: 0 };

function reselect(state: Pick<ExportState, 'tags' | 'filters' | 'applyFilter' | 'selected'>): string[] {
  return state.applyFilter ? selectTags(state.tags, state.filters, Math.random) : state.selected;
}

export const useExportList = create<ExportState>()((set) => ({
  ...EMPTY,
  add: (tag) =>
    set((state) => {
      if (state.tags.some((existing) => existing.hashtag === tag.hashtag)) return state;
      const tags = [...state.tags, tag];
      const selected = state.applyFilter ? reselect({ ...state, tags }) : [...state.selected, tag.hashtag];
      return { tags, selected, addedCount: state.addedCount + 1 };
    }),
  remove: (hashtag) =>
    set((state) => {
      const tags = state.tags.filter((tag) => tag.hashtag !== hashtag);
      const selected = state.selected.filter((name) => name !== hashtag);
      return { tags, selected: state.applyFilter ? reselect({ ...state, tags, selected }) : selected };
    }),
  toggleSelected: (hashtag) =>
    set((state) => ({
      applyFilter: false,
      selected: state.selected.includes(hashtag)
        ? state.selected.filter((name) => name !== hashtag)
        : state.tags
            .map((tag) => tag.hashtag)
            .filter((name) => name === hashtag || state.selected.includes(name)),
    })),
  setFilters: (changes) =>
    set((state) => {
      const filters = { ...state.filters, ...changes };
      return { filters, applyFilter: true, selected: reselect({ ...state, filters, applyFilter: true }) };
    }),
  setApplyFilter: (applyFilter) =>
    set((state) => ({ applyFilter, selected: reselect({ ...state, applyFilter }) })),
  setCounts: (counts) =>
    set((state) => {
      const tags = state.tags.map((tag) => ({ ...tag, count: counts.get(tag.hashtag) ?? tag.count }));
      return { tags, selected: reselect({ ...state, tags }) };
    }),
  clear: () => set(EMPTY),
}));

/** The selected tags in list order, which is the order they are copied in. */
export function selectedInOrder(state: Pick<ExportState, 'tags' | 'selected'>): string[] {
  return state.tags.map((tag) => tag.hashtag).filter((name) => state.selected.includes(name));
}
