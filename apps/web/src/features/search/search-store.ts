import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { SearchKind } from './search-api';

interface SearchState {
  kind: SearchKind;
  /** What the search bar shows. */
  text: string;
  /** The normalised query the results are for ('' = none yet). */
  query: string;
  /** The one expanded result, by key. */
  expandedKey: string | null;
  /** Related tags shown per expanded item (grows by 10 with More). */
  relatedShown: Record<string, number>;
  setKind: (kind: SearchKind) => void;
  setText: (text: string) => void;
  search: (query: string) => void;
  toggleExpanded: (key: string) => void;
  showMore: (key: string, step: number, initial: number) => void;
  reset: () => void;
}

/** The search, kept in local storage with the export list so a reload shows the same results. */
export const useSearch = create<SearchState>()(
  persist(
    (set) => ({
      kind: SearchKind.tags,
      text: '',
      query: '',
      expandedKey: null,
      relatedShown: {},
      setKind: (kind) => set({ kind, expandedKey: null, relatedShown: {} }),
      setText: (text) => set({ text }),
      search: (query) =>
        set((state) => (state.query === query ? state : { query, expandedKey: null, relatedShown: {} })),
      toggleExpanded: (key) => set((state) => ({ expandedKey: state.expandedKey === key ? null : key })),
      showMore: (key, step, initial) =>
        set((state) => ({
          relatedShown: { ...state.relatedShown, [key]: (state.relatedShown[key] ?? initial) + step },
        })),
      reset: () => set({ text: '', query: '', expandedKey: null, relatedShown: {} }),
    }),
    { name: 'search', version: 1, partialize: ({ kind, text, query }) => ({ kind, text, query }) },
  ),
);
