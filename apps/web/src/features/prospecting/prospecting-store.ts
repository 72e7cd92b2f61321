import type { PostFilters, ProfileFilters, Quarry, QuarryPlace } from '@tagscout/core/api';
import { QUARRY_DEFAULTS } from '@tagscout/core/quarries';
import { create } from 'zustand';

/** What the screen shows beside the list (or instead of it, on a phone). */
export type ProspectingMode = 'list' | 'search' | 'filters' | 'quarry';

/** A quarry being made or edited. */
export interface QuarryDraft {
  /** null while it is new. */
  quarryId: string | null;
  title: string;
  places: QuarryPlace[];
  postFilters: PostFilters;
  profileFilters: ProfileFilters;
}

export interface ProspectingState {
  mode: ProspectingMode;
  selectedQuarryId: string | null;
  draft: QuarryDraft | null;
  /** The title bar's location search text. */
  searchText: string;
  setSearchText: (text: string) => void;
  startNewQuarry: () => void;
  /** Selecting a place toggles it in or out of the draft. */
  togglePlace: (place: QuarryPlace) => void;
  removePlace: (placeId: string) => void;
  /** Next: from the places to the filters. */
  goToFilters: () => void;
  backToPlaces: () => void;
  updateDraft: (change: Partial<QuarryDraft>) => void;
  editQuarry: (quarry: Quarry) => void;
  openQuarry: (quarryId: string) => void;
  /** Leaves the draft: back to the quarry it edited, or to the list. */
  cancelDraft: () => void;
  backToList: () => void;
}

export function newDraft(): QuarryDraft {
  return {
    quarryId: null,
    title: '',
    places: [],
    postFilters: { keywords: [], max_age: QUARRY_DEFAULTS.maxPostAgeDays, negative_keywords: [] },
    profileFilters: {
      categories: [],
      follower_range: [...QUARRY_DEFAULTS.followerRange],
      keywords: [],
      negative_keywords: [],
    },
  };
}

export const useProspecting = create<ProspectingState>((set, get) => ({
  mode: 'list',
  selectedQuarryId: null,
  draft: null,
  searchText: '',
  setSearchText: (text) => {
    const { draft, mode } = get();
    // Typing a place starts a new quarry, or adds to the one being edited.
    const isSearching = text.trim() !== '';
    set({
      searchText: text,
      draft: isSearching ? (draft ?? newDraft()) : draft,
      mode: isSearching && mode !== 'search' ? 'search' : mode,
    });
  },
  startNewQuarry: () => set({ draft: newDraft(), mode: 'search', searchText: '' }),
  togglePlace: (place) => {
    const draft = get().draft ?? newDraft();
    const isIn = draft.places.some((p) => p.id === place.id);
    const places = isIn ? draft.places.filter((p) => p.id !== place.id) : [...draft.places, place];
    set({ draft: { ...draft, places } });
  },
  removePlace: (placeId) => {
    const { draft } = get();
    if (draft) set({ draft: { ...draft, places: draft.places.filter((p) => p.id !== placeId) } });
  },
  goToFilters: () => {
    const { draft } = get();
    if (!draft || draft.places.length === 0) return;
    const title = draft.title || draft.places.map((p) => p.title.split(',')[0]).join(' + ');
    set({ mode: 'filters', searchText: '', draft: { ...draft, title } });
  },
  backToPlaces: () => set({ mode: 'search' }),
  updateDraft: (change) => {
    const { draft } = get();
    if (draft) set({ draft: { ...draft, ...change } });
  },
  editQuarry: (quarry) =>
    set({
      mode: 'filters',
      selectedQuarryId: quarry.quarry_id,
      draft: {
        quarryId: quarry.quarry_id,
        title: quarry.title,
        places: quarry.places,
        postFilters: quarry.post_filters,
        profileFilters: quarry.profile_filters,
      },
    }),
  openQuarry: (quarryId) => set({ mode: 'quarry', selectedQuarryId: quarryId, draft: null, searchText: '' }),
  cancelDraft: () => {
    const { draft } = get();
    set({
      draft: null,
      searchText: '',
      mode: draft?.quarryId ? 'quarry' : 'list',
      selectedQuarryId: draft?.quarryId ?? get().selectedQuarryId,
    });
  },
  backToList: () => set({ mode: 'list', draft: null, searchText: '' }),
}));
