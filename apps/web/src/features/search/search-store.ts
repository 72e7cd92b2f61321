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
  /** The UTC day (YYYY-MM-DD) it was opened on, the day the free related searches count in. */
  expandedDay: string | null;
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
      expandedDay: null,
      relatedShown: {},
      setKind: (kind) => set({ kind, ...CLOSED }),
      setText: (text) => set({ text }),
      search: (query) => set((state) => (state.query === query ? state : { query, ...CLOSED })),
      toggleExpanded: (key) =>
        set((state) =>
          state.expandedKey === key
            ? { expandedKey: null, expandedDay: null }
            : { expandedKey: key, expandedDay: utcDay(Date.now()) },
        ),
      showMore: (key, step, initial) =>
        set((state) => ({
          relatedShown: { ...state.relatedShown, [key]: (state.relatedShown[key] ?? initial) + step },
        })),
      reset: () => set({ text: '', query: '', ...CLOSED }),
    }),
    {
      name: 'search',
      version: 1,
      // The open related list too: the server lets it be opened again the same day for nothing.
      partialize: ({ kind, text, query, expandedKey, expandedDay, relatedShown }) => ({
        kind,
        text,
        query,
        expandedKey,
        expandedDay,
        relatedShown,
      }),
      // On another day opening it again would spend a free related search: it stays closed.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<SearchState>;
        const isToday = saved.expandedDay === utcDay(Date.now());
        return {
          ...current,
          ...saved,
          ...(!isToday && CLOSED),
        };
      },
    },
  ),
);

/** No result open. */
const CLOSED = { expandedKey: null, expandedDay: null, relatedShown: {} };

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
