import type { CreateTopicBody, Topic } from '@tagscout/core/api';
import { type ExportFilters, type ExportTag, reselectTags, SelectionStrategy } from '@tagscout/core/export';
import { LIMITS } from '@tagscout/core/limits';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const DEFAULT_FILTERS: ExportFilters = {
  postCount: [null, null],
  selectionStrategy: SelectionStrategy.lowestPostCount,
  selectionCount: LIMITS.freeSelectionMax,
};

/** The collection (topic) the export list belongs to. */
export interface TopicInfo {
  /** Null until the list is first saved. */
  topicId: string | null;
  /** As typed; '' shows as '(untitled)' once saved. */
  title: string;
  /** The server's `modified` stamp of the version on screen: the version the next save names. */
  version: number | null;
}

export interface ExportState {
  topic: TopicInfo;
  /** Changed since the topic was loaded, saved or started (topicModified). */
  isModified: boolean;
  /** Counts every change, so a save can tell whether more came in while it was on its way. */
  revision: number;
  /** Hidden tags of the topic, kept as loaded. */
  hidden: string[];
  /** The export list, in the order tags were added. */
  tags: ExportTag[];
  selected: string[];
  /** Ticked by hand: the filters never untick them (issue 32 §5). */
  handTicked: string[];
  /** What the filters unticked at their last change (an added tag counts as ticked before): said first. */
  filterUnticked: string[];
  filters: ExportFilters;
  /** Selection follows the filters; choosing by hand turns it off. */
  applyFilter: boolean;
  /** Tags added since the list was started: help appears after the third. */
  addedCount: number;
  add: (tag: ExportTag) => void;
  remove: (hashtag: string) => void;
  toggleSelected: (hashtag: string) => void;
  /** Selects exactly these tags, by hand (the filters stop choosing). */
  selectOnly: (hashtags: readonly string[]) => void;
  setFilters: (changes: Partial<ExportFilters>) => void;
  setApplyFilter: (applyFilter: boolean) => void;
  setCounts: (counts: ReadonlyMap<string, number>) => void;
  setTitle: (title: string) => void;
  /** Shows a saved topic: its list, selection and filters; counts arrive later through setCounts. */
  loadTopic: (topic: Topic) => void;
  /** A save of the list as it was at `revision` was answered with `topic`. */
  markSaved: (topic: Topic, revision: number) => void;
  /** A new, empty topic (New search). */
  clear: () => void;
  /**
   * Its collection `topicId` was deleted: a list showing it unchanged (or with no tags) empties; one
   * with unsaved changes stays, as a new list (Save makes it a new collection), so they are not lost.
   */
  forgetTopic: (topicId: string) => void;
}

const NEW_TOPIC: TopicInfo = { topicId: null, title: '', version: null };

const EMPTY = {
  topic: NEW_TOPIC,
  isModified: false,
  hidden: [],
  tags: [],
  selected: [],
  handTicked: [],
  filterUnticked: [],
  filters: DEFAULT_FILTERS,
  applyFilter: true,
  addedCount: 0,
};

/** What every change of the list, its filters or its title adds to the state. */
function changed(state: Pick<ExportState, 'revision'>) {
  return { isModified: true, revision: state.revision + 1 };
}

type Selecting = Pick<ExportState, 'tags' | 'filters' | 'applyFilter' | 'selected' | 'handTicked'>;

/**
 * The selection after a change while the filters apply, and what they unticked of `before` (the
 * selection, unless said). Tags ticked by hand stay; a random sample keeps its picks unless `isNewDraw`.
 */
function reselect(
  state: Selecting,
  options: { before?: readonly string[]; isNewDraw?: boolean } = {},
): Pick<ExportState, 'selected' | 'filterUnticked'> {
  if (!state.applyFilter) return { selected: state.selected, filterUnticked: [] };
  const before = options.before ?? state.selected;
  const selected = reselectTags({
    tags: state.tags,
    filters: state.filters,
    kept: state.handTicked,
    previous: options.isNewDraw ? undefined : state.selected,
    random: Math.random,
  });
  return { selected, filterUnticked: before.filter((name) => !selected.includes(name)) };
}

/**
 * The export list, its selection, filters and collection, kept in local storage so a reload, a
 * sign-up or the no-internet screen's Restart loses nothing (for every visitor, signed in or not).
 */
export const useExportList = create<ExportState>()(
  persist(
    (set) => ({
      ...EMPTY,
      revision: 0,
      add: (tag) =>
        set((state) => {
          if (state.tags.some((existing) => existing.hashtag === tag.hashtag)) return state;
          const tags = [...state.tags, tag];
          // An added tag is ticked, then the filters apply: if they untick it, they say so.
          const before = [...state.selected, tag.hashtag];
          const selection = state.applyFilter
            ? reselect({ ...state, tags }, { before })
            : { selected: before, filterUnticked: [] };
          return { tags, ...selection, addedCount: state.addedCount + 1, ...changed(state) };
        }),
      remove: (hashtag) =>
        set((state) => {
          const tags = state.tags.filter((tag) => tag.hashtag !== hashtag);
          const selected = state.selected.filter((name) => name !== hashtag);
          const handTicked = state.handTicked.filter((name) => name !== hashtag);
          return {
            tags,
            handTicked,
            ...reselect({ ...state, tags, selected, handTicked }),
            ...changed(state),
          };
        }),
      toggleSelected: (hashtag) =>
        set((state) => {
          const isTicking = !state.selected.includes(hashtag);
          return {
            ...changed(state),
            applyFilter: false,
            filterUnticked: [],
            handTicked: isTicking
              ? [...state.handTicked, hashtag]
              : state.handTicked.filter((name) => name !== hashtag),
            selected: isTicking
              ? state.tags
                  .map((tag) => tag.hashtag)
                  .filter((name) => name === hashtag || state.selected.includes(name))
              : state.selected.filter((name) => name !== hashtag),
          };
        }),
      selectOnly: (hashtags) =>
        set((state) => ({
          ...changed(state),
          applyFilter: false,
          filterUnticked: [],
          handTicked: state.handTicked.filter((name) => hashtags.includes(name)),
          selected: state.tags.map((tag) => tag.hashtag).filter((name) => hashtags.includes(name)),
        })),
      setFilters: (changes) =>
        set((state) => {
          const filters = { ...state.filters, ...changes };
          // Choosing a strategy (again) draws anew; moving the slider or the bounds keeps a sample.
          const isNewDraw = changes.selectionStrategy !== undefined;
          return {
            filters,
            applyFilter: true,
            ...reselect({ ...state, filters, applyFilter: true }, { isNewDraw }),
            ...changed(state),
          };
        }),
      setApplyFilter: (applyFilter) =>
        set((state) => ({ applyFilter, ...reselect({ ...state, applyFilter }), ...changed(state) })),
      setCounts: (counts) =>
        set((state) => {
          const tags = state.tags.map((tag) => ({ ...tag, count: counts.get(tag.hashtag) ?? tag.count }));
          return { tags, ...reselect({ ...state, tags }) };
        }),
      setTitle: (title) =>
        set((state) =>
          title === state.topic.title ? state : { topic: { ...state.topic, title }, ...changed(state) },
        ),
      loadTopic: (topic) =>
        set((state) => ({
          ...EMPTY,
          topic: { topicId: topic.topic_id, title: topic.title, version: topic.modified },
          hidden: topic.hidden,
          tags: topic.export.map((hashtag) => ({ hashtag, count: -1 })),
          selected: topic.selected.filter((name) => topic.export.includes(name)),
          filters: { ...topic.exportFilters, postCount: [...topic.exportFilters.postCount] },
          applyFilter: topic.applyFilter,
          revision: state.revision + 1,
        })),
      markSaved: (topic, revision) =>
        set((state) => ({
          topic: {
            topicId: topic.topic_id,
            title: state.revision === revision ? topic.title : state.topic.title,
            version: topic.modified,
          },
          isModified: state.revision !== revision,
        })),
      clear: () => set((state) => ({ ...EMPTY, revision: state.revision + 1 })),
      forgetTopic: (topicId) =>
        set((state) => {
          if (state.topic.topicId !== topicId) return state;
          if (!state.isModified || state.tags.length === 0) return { ...EMPTY, revision: state.revision + 1 };
          return { topic: { ...NEW_TOPIC, title: state.topic.title } };
        }),
    }),
    {
      name: 'exportList',
      version: 1,
      partialize: (state) => ({
        topic: state.topic,
        isModified: state.isModified,
        hidden: state.hidden,
        tags: state.tags,
        selected: state.selected,
        handTicked: state.handTicked,
        filters: state.filters,
        applyFilter: state.applyFilter,
        addedCount: state.addedCount,
      }),
    },
  ),
);

/** The body of a save: the list, selection, filters and title as they are now. */
export function topicBody(
  state: Pick<ExportState, 'topic' | 'tags' | 'selected' | 'filters' | 'applyFilter' | 'hidden'>,
): CreateTopicBody {
  const names = state.tags.map((tag) => tag.hashtag);
  return {
    title: state.topic.title.trim(),
    exportFilters: {
      postCount: [...state.filters.postCount],
      selectionStrategy: strategyOf(state.filters.selectionStrategy),
      selectionCount: state.filters.selectionCount,
    },
    applyFilter: state.applyFilter,
    export: names,
    export_count: names.length,
    selected: selectedInOrder(state),
    hidden: state.hidden,
  };
}

/** Any strategy but the two orders is a random sample (docs/product-rules.md#export-list-and-copy). */
function strategyOf(strategy: string): NonNullable<CreateTopicBody['exportFilters']>['selectionStrategy'] {
  return strategy === SelectionStrategy.lowestPostCount || strategy === SelectionStrategy.highestPostCount
    ? strategy
    : SelectionStrategy.random;
}

/** The selected tags in list order, which is the order they are copied in. */
export function selectedInOrder(state: Pick<ExportState, 'tags' | 'selected'>): string[] {
  return state.tags.map((tag) => tag.hashtag).filter((name) => state.selected.includes(name));
}
