/**
 * The guide's steps (docs/product-rules.md#walkthrough) as data. Texts are
 * i18n keys (`walkthrough.<id>.title`, `.message`, and `.title2`/`.message2` where a step has a
 * second part); `target` names the element the popover points at (`data-tour="<target>"`), null
 * for a popover in the middle of the screen.
 */

export type Placement = 'top' | 'bottom' | 'left' | 'right' | 'top-start' | 'bottom-start' | 'bottom-end';

/** Screens a step's next may lead to. */
export const WalkthroughRoute = {
  collections: 'collections',
  upgrade: 'upgrade',
  locationSearch: 'locationSearch',
} as const;
export type WalkthroughRoute = (typeof WalkthroughRoute)[keyof typeof WalkthroughRoute];

/**
 * What happens on Next: another step at once; close (the guide waits for the user's next move, and
 * clicking away closes it too); stopWalkthrough (the guide turns off); or a screen to go to.
 */
export type StepNext = StepId | 'close' | 'stopWalkthrough' | { navigate: WalkthroughRoute };

/** What the user did or sees that makes a step due (the app reports these). */
export const WalkthroughTrigger = {
  tagsOpened: 'tagsOpened',
  resultsShown: 'resultsShown',
  relatedShown: 'relatedShown',
  tagAdded: 'tagAdded',
  threeTagsAdded: 'threeTagsAdded',
  copied: 'copied',
  saved: 'saved',
  collectionsOpened: 'collectionsOpened',
  collectionOpened: 'collectionOpened',
  placesOpened: 'placesOpened',
  placeResultsShown: 'placeResultsShown',
  upgradeOpened: 'upgradeOpened',
} as const;
export type WalkthroughTrigger = (typeof WalkthroughTrigger)[keyof typeof WalkthroughTrigger];

export interface WalkthroughStep {
  id: StepId;
  /** i18n keys. */
  title: string;
  message: string;
  title2?: string;
  message2?: string;
  placement: Placement;
  showArrow: boolean;
  next: StepNext;
  prev: StepId | null;
  /** The data-tour value of the element to point at; null = the middle of the screen. */
  target: string | null;
  /** Shown by itself when this happens (steps without one are reached only through next). */
  trigger: WalkthroughTrigger | null;
}

export const STEP_IDS = [
  'search',
  'searchKinds',
  'results',
  'expand',
  'related',
  'add',
  'exportList',
  'addMore',
  'filters',
  'select',
  'copy',
  'pasteIt',
  'save',
  'collectionName',
  'collectionsMenu',
  'collections',
  'openCollection',
  'collectionOpened',
  'newSearch',
  'locationTab',
  'locationSearch',
  'placeResults',
  'settingsMenu',
  'upgrade',
  'plans',
  'helpMenu',
  'done',
  'guideOff',
  'guideOffDisabled',
] as const;
export type StepId = (typeof STEP_IDS)[number];

/** The step the guide shows when it is turned off, and the one when it may not be (iOS anonymous trial). */
export const GUIDE_OFF_STEP: StepId = 'guideOff';
export const GUIDE_OFF_DISABLED_STEP: StepId = 'guideOffDisabled';

type StepData = Omit<WalkthroughStep, 'id' | 'title' | 'message' | 'title2' | 'message2'> & {
  hasSecondPart?: boolean;
};

const T = WalkthroughTrigger;

const DATA: Record<StepId, StepData> = {
  search: {
    target: 'search-input',
    placement: 'bottom',
    showArrow: true,
    next: 'searchKinds',
    prev: null,
    trigger: T.tagsOpened,
  },
  searchKinds: {
    target: 'search-tabs',
    placement: 'bottom-start',
    showArrow: true,
    next: 'close',
    prev: 'search',
    trigger: null,
  },
  results: {
    target: 'result',
    placement: 'bottom-start',
    showArrow: true,
    next: 'expand',
    prev: null,
    trigger: T.resultsShown,
    hasSecondPart: true,
  },
  expand: {
    target: 'drill',
    placement: 'right',
    showArrow: true,
    next: 'close',
    prev: 'results',
    trigger: null,
  },
  related: {
    target: 'related',
    placement: 'bottom-start',
    showArrow: true,
    next: 'add',
    prev: null,
    trigger: T.relatedShown,
  },
  add: { target: 'add', placement: 'left', showArrow: true, next: 'close', prev: 'related', trigger: null },
  // Above the list, over the export pane's header and controls: on its left the card would cover the
  // results' Add buttons that the next step asks for, below it the suggestions' (issue 32 §9).
  exportList: {
    target: 'export-list',
    placement: 'top',
    showArrow: true,
    next: 'addMore',
    prev: null,
    trigger: T.tagAdded,
  },
  addMore: {
    target: 'export-list',
    placement: 'top',
    showArrow: true,
    next: 'close',
    prev: 'exportList',
    trigger: null,
  },
  filters: {
    target: 'export-filters',
    placement: 'left',
    showArrow: true,
    next: 'select',
    prev: null,
    trigger: T.threeTagsAdded,
    hasSecondPart: true,
  },
  select: {
    target: 'export-list',
    placement: 'left',
    showArrow: true,
    next: 'copy',
    prev: 'filters',
    trigger: null,
  },
  copy: { target: 'copy', placement: 'top', showArrow: true, next: 'close', prev: 'select', trigger: null },
  pasteIt: { target: 'copy', placement: 'top', showArrow: true, next: 'save', prev: null, trigger: T.copied },
  save: {
    target: 'save',
    placement: 'bottom',
    showArrow: true,
    next: 'close',
    prev: 'pasteIt',
    trigger: null,
  },
  collectionName: {
    target: 'topic-title',
    placement: 'bottom',
    showArrow: true,
    next: 'collectionsMenu',
    prev: null,
    trigger: T.saved,
  },
  collectionsMenu: {
    target: 'menu',
    placement: 'bottom-start',
    showArrow: true,
    next: { navigate: 'collections' },
    prev: 'collectionName',
    trigger: null,
  },
  collections: {
    target: 'collections-table',
    placement: 'top',
    showArrow: false,
    next: 'openCollection',
    prev: null,
    trigger: T.collectionsOpened,
  },
  openCollection: {
    target: 'collections-row',
    placement: 'bottom-start',
    showArrow: true,
    next: 'close',
    prev: 'collections',
    trigger: null,
  },
  collectionOpened: {
    target: 'topic-title',
    placement: 'bottom',
    showArrow: true,
    next: 'newSearch',
    prev: null,
    trigger: T.collectionOpened,
  },
  newSearch: {
    target: 'new-search',
    placement: 'bottom',
    showArrow: true,
    next: 'locationTab',
    prev: 'collectionOpened',
    trigger: null,
  },
  locationTab: {
    target: 'places-tab',
    placement: 'bottom',
    showArrow: true,
    next: { navigate: 'locationSearch' },
    prev: 'newSearch',
    trigger: null,
  },
  locationSearch: {
    target: 'search-input',
    placement: 'bottom',
    showArrow: true,
    next: 'close',
    prev: null,
    trigger: T.placesOpened,
  },
  placeResults: {
    target: 'result',
    placement: 'bottom-start',
    showArrow: true,
    next: 'settingsMenu',
    prev: null,
    trigger: T.placeResultsShown,
  },
  settingsMenu: {
    target: 'menu',
    placement: 'bottom-start',
    showArrow: true,
    next: 'upgrade',
    prev: 'placeResults',
    trigger: null,
    hasSecondPart: true,
  },
  upgrade: {
    target: 'menu',
    placement: 'bottom-start',
    showArrow: true,
    next: { navigate: 'upgrade' },
    prev: 'settingsMenu',
    trigger: null,
  },
  plans: {
    target: null,
    placement: 'bottom',
    showArrow: false,
    next: 'helpMenu',
    prev: null,
    trigger: T.upgradeOpened,
  },
  helpMenu: {
    target: 'menu',
    placement: 'bottom-start',
    showArrow: true,
    next: 'done',
    prev: 'plans',
    trigger: null,
  },
  done: {
    target: null,
    placement: 'bottom',
    showArrow: false,
    next: 'close',
    prev: 'helpMenu',
    trigger: null,
  },
  guideOff: {
    target: null,
    placement: 'bottom',
    showArrow: false,
    next: 'stopWalkthrough',
    prev: null,
    trigger: null,
  },
  guideOffDisabled: {
    target: null,
    placement: 'bottom',
    showArrow: false,
    next: 'close',
    prev: null,
    trigger: null,
  },
};

/** Every step, in the order the guide goes through them. */
export const WALKTHROUGH_STEPS: readonly WalkthroughStep[] = STEP_IDS.map((id) => {
  const { hasSecondPart, ...data } = DATA[id];
  const key = `walkthrough.${id}`;
  return {
    id,
    title: `${key}.title`,
    message: `${key}.message`,
    ...(hasSecondPart && { title2: `${key}.title2`, message2: `${key}.message2` }),
    ...data,
  };
});

const BY_ID = new Map(WALKTHROUGH_STEPS.map((step) => [step.id, step]));

export function findStep(id: StepId): WalkthroughStep {
  const step = BY_ID.get(id);
  if (!step) throw new Error(`unknown walkthrough step ${id}`);
  return step;
}

export function isStepId(value: unknown): value is StepId {
  return typeof value === 'string' && BY_ID.has(value as StepId);
}
