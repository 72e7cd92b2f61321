import type { Capabilities } from '../access/index.js';
import { LIMITS } from '../limits/index.js';
import {
  findStep,
  GUIDE_OFF_DISABLED_STEP,
  GUIDE_OFF_STEP,
  isStepId,
  type StepId,
  WALKTHROUGH_STEPS,
  type WalkthroughRoute,
  type WalkthroughStep,
  type WalkthroughTrigger,
} from './steps.js';

/** The guide's state; `isOn` and `shown` are kept on the device (showGuide, walkthroughState). */
export interface WalkthroughState {
  /** The guide is on (showGuide). */
  isOn: boolean;
  /** Steps already shown, in the order they were: each is shown once. */
  shown: StepId[];
  /** The step on screen, if any. */
  current: StepId | null;
  /** A screen a step's Next asked for; the app goes there, then sends `navigated`. */
  navigateTo: WalkthroughRoute | null;
}

/** What the rules need to know of the visitor (their capabilities). */
export type WalkthroughViewer = Pick<Capabilities, 'showWalkthrough' | 'canTurnGuideOff'>;

export type WalkthroughAction =
  /**
   * What holds on screen now (`triggers`), and which of it became true since the guide last looked
   * (`fresh`). With no step open, the first due step (in guide order) not yet shown opens; only what
   * is fresh moves the guide past a step (openDueStep).
   */
  | {
      type: 'trigger';
      triggers: readonly WalkthroughTrigger[];
      fresh: readonly WalkthroughTrigger[];
      viewer: WalkthroughViewer;
    }
  | { type: 'next' }
  | { type: 'prev' }
  /** A click outside the popover: closes a step whose next is close, and no other. */
  | { type: 'clickAway' }
  /** "Turn off the guide": the guide-off step, or on an iOS anonymous trial the disabled message. */
  | { type: 'turnOff'; viewer: WalkthroughViewer }
  /** Turns the guide back on and forgets what was shown. */
  | { type: 'restart' }
  | { type: 'navigated' }
  /** Hides the step on screen (the visitor's trial ended, Escape); it stays shown. */
  | { type: 'hide' };

export const INITIAL_WALKTHROUGH: WalkthroughState = {
  isOn: true,
  shown: [],
  current: null,
  navigateTo: null,
};

export function walkthroughReducer(state: WalkthroughState, action: WalkthroughAction): WalkthroughState {
  switch (action.type) {
    case 'trigger':
      return openDueStep(state, action, action.viewer);
    case 'next':
      return goNext(state);
    case 'prev': {
      const prev = state.current ? findStep(state.current).prev : null;
      return prev ? show(state, prev) : state;
    }
    case 'clickAway':
      return state.current && findStep(state.current).next === 'close' ? { ...state, current: null } : state;
    case 'turnOff':
      if (!action.viewer.showWalkthrough) return { ...state, current: null };
      if (!action.viewer.canTurnGuideOff) return show(state, GUIDE_OFF_DISABLED_STEP);
      return { ...show(state, GUIDE_OFF_STEP), isOn: false };
    case 'restart':
      return { ...INITIAL_WALKTHROUGH };
    case 'navigated':
      return state.navigateTo === null ? state : { ...state, navigateTo: null };
    case 'hide':
      return state.current === null ? state : { ...state, current: null };
  }
}

/** The guide is complete when 2 steps remain to be shown (the two guide-off steps). */
export function isWalkthroughComplete(state: Pick<WalkthroughState, 'shown'>): boolean {
  const shown = new Set(state.shown);
  const remaining = WALKTHROUGH_STEPS.filter((step) => !shown.has(step.id)).length;
  return remaining <= LIMITS.walkthroughCompleteWhenRemaining;
}

/** The state kept on the device, read back defensively (storage may hold anything). */
export function restoreWalkthrough(isOnText: string | null, shownJson: string | null): WalkthroughState {
  let shown: StepId[] = [];
  try {
    const parsed: unknown = JSON.parse(shownJson ?? '[]');
    const list = Array.isArray(parsed) ? parsed : (parsed as { shown?: unknown })?.shown;
    if (Array.isArray(list)) shown = [...new Set(list.filter(isStepId))];
  } catch {
    shown = [];
  }
  return { ...INITIAL_WALKTHROUGH, isOn: isOnText !== 'false', shown };
}

function openDueStep(
  state: WalkthroughState,
  { triggers, fresh }: { triggers: readonly WalkthroughTrigger[]; fresh: readonly WalkthroughTrigger[] },
  viewer: WalkthroughViewer,
): WalkthroughState {
  // Never for the free group.
  if (!viewer.showWalkthrough || !state.isOn) return state;
  if (isWalkthroughComplete(state)) return state;
  const due = new Set(triggers);
  const justHappened = new Set(fresh);
  const isDue = (step: WalkthroughStep) =>
    step.trigger !== null && due.has(step.trigger) && !state.shown.includes(step.id);
  // Only what the user just did moves the guide past a step: results still on screen from before
  // (the guide restarted from Help, a trial started from a search) do not.
  const isJustReached = (step: WalkthroughStep) => isDue(step) && justHappened.has(step.trigger!);
  if (state.current !== null) {
    // The user just did what the step on screen leads to (searched while "Start with a word" was
    // up): the step it led to takes its place rather than the old one covering the new results.
    const ahead = nextTriggeredStep(state.current);
    return ahead && isJustReached(ahead) ? catchUp(state, state.current, isJustReached) : state;
  }
  const step = WALKTHROUGH_STEPS.find(isDue);
  return step ? catchUp(state, step.id, isJustReached) : state;
}

/**
 * Shows `id`, or the furthest step after it that the user just reached (five tags added at once: "Add
 * a few more" is past). Steps passed over count as shown, so they do not open out of turn.
 */
function catchUp(
  state: WalkthroughState,
  id: StepId,
  isJustReached: (step: WalkthroughStep) => boolean,
): WalkthroughState {
  let target = id;
  let passed: StepId[] = [];
  for (
    let ahead = nextTriggeredStep(target);
    ahead && isJustReached(ahead);
    ahead = nextTriggeredStep(target)
  ) {
    passed = [...passed, ...stepsBetween(target, ahead.id)];
    target = ahead.id;
  }
  const shown = [...state.shown, ...passed.filter((step) => !state.shown.includes(step))];
  return show({ ...state, shown }, target);
}

/** The first step after `id` in guide order that opens by itself (has a trigger). */
function nextTriggeredStep(id: StepId): WalkthroughStep | undefined {
  const index = WALKTHROUGH_STEPS.findIndex((step) => step.id === id);
  return WALKTHROUGH_STEPS.slice(index + 1).find((step) => step.trigger !== null);
}

/** The steps from `from` up to, not including, `to`, in guide order. */
function stepsBetween(from: StepId, to: StepId): StepId[] {
  const ids = WALKTHROUGH_STEPS.map((step) => step.id);
  return ids.slice(ids.indexOf(from), ids.indexOf(to));
}

function goNext(state: WalkthroughState): WalkthroughState {
  if (state.current === null) return state;
  const { next } = findStep(state.current);
  if (next === 'close') return { ...state, current: null };
  if (next === 'stopWalkthrough') return { ...state, isOn: false, current: null };
  if (typeof next === 'object') return { ...state, current: null, navigateTo: next.navigate };
  return show(state, next);
}

function show(state: WalkthroughState, id: StepId): WalkthroughState {
  const shown = state.shown.includes(id) ? state.shown : [...state.shown, id];
  return { ...state, current: id, shown };
}
