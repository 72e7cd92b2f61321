import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AccountState, FREE_VISITOR, resolveAccess } from '../access/index.js';
import {
  INITIAL_WALKTHROUGH,
  isWalkthroughComplete,
  restoreWalkthrough,
  type WalkthroughAction,
  type WalkthroughState,
  walkthroughReducer,
} from './reducer.js';
import { findStep, STEP_IDS, type StepId, WALKTHROUGH_STEPS, WalkthroughTrigger } from './steps.js';

const unRegTrial = (platform: AccountState['platform']): AccountState => ({
  ...FREE_VISITOR,
  platform,
  group: 'unRegTrial',
  trialStatus: 'unRegTrial',
  inTrial: true,
  expireSeconds: 3600,
});
const TRIAL = resolveAccess({ ...unRegTrial('web'), group: 'trial', trialStatus: 'active' });
const FREE = resolveAccess(FREE_VISITOR);
const IOS_ANONYMOUS = resolveAccess(unRegTrial('ios'));
const ANDROID_ANONYMOUS = resolveAccess(unRegTrial('android'));

function run(actions: WalkthroughAction[], from: WalkthroughState = INITIAL_WALKTHROUGH) {
  return actions.reduce(walkthroughReducer, from);
}
/** A look at the screen where all of `triggers` just became true. */
const trigger = (...triggers: WalkthroughTrigger[]): WalkthroughAction => ({
  type: 'trigger',
  triggers,
  fresh: triggers,
  viewer: TRIAL,
});
const at = (current: StepId, shown: StepId[] = [current]): WalkthroughState => ({
  ...INITIAL_WALKTHROUGH,
  current,
  shown,
});

describe('walkthrough reducer', () => {
  it('opens the first due step and marks it shown', () => {
    const state = run([trigger(WalkthroughTrigger.tagsOpened)]);
    expect(state.current).toBe('search');
    expect(state.shown).toEqual(['search']);
  });

  it('shows each step once: a trigger after the step was shown opens nothing', () => {
    const state = run([trigger('tagsOpened'), { type: 'next' }, { type: 'next' }, trigger('tagsOpened')]);
    expect(state.current).toBeNull();
    expect(state.shown).toEqual(['search', 'searchKinds']);
  });

  it('leaves the open step alone while a step it does not lead to becomes due', () => {
    const state = run([trigger('tagsOpened'), trigger('copied', 'tagAdded')]);
    expect(state.current).toBe('search');
    expect(state.shown).toEqual(['search']);
  });

  it('follows the user: a search while "Start with a word" is up opens the results step in its place', () => {
    const state = run([trigger('tagsOpened'), trigger('tagsOpened', 'resultsShown')]);
    expect(state.current).toBe('results');
    // The search kinds step, which came after "Start with a word", is passed for good.
    expect(state.shown).toEqual(['search', 'searchKinds', 'results']);
    expect(run([{ type: 'next' }, { type: 'next' }, trigger('tagsOpened')], state).current).toBeNull();
  });

  it('moves past no step on what already held: results on screen as the guide restarts, copies made before', () => {
    const holding: WalkthroughAction = {
      type: 'trigger',
      triggers: ['tagsOpened', 'resultsShown', 'tagAdded', 'threeTagsAdded', 'copied'],
      fresh: [],
      viewer: TRIAL,
    };
    const state = run([{ type: 'restart' }, holding, holding]);
    expect(state.current).toBe('search');
    expect(state.shown).toEqual(['search']);
    // Steps open one by one, in guide order, as before.
    const next = run([{ type: 'next' }, { type: 'next' }, holding], state);
    expect(next.current).toBe('results');
    expect(next.shown).toEqual(['search', 'searchKinds', 'results']);
  });

  it('follows the user from a step reached by Next: "Add a few more" gives way once there are three', () => {
    const state = run([trigger('threeTagsAdded', 'tagAdded')], at('addMore', ['exportList', 'addMore']));
    expect(state.current).toBe('filters');
  });

  it('opens the furthest step already reached when several in a row are due: five tags added at once', () => {
    const state = run([trigger('tagAdded', 'threeTagsAdded')]);
    expect(state.current).toBe('filters');
    expect(state.shown).toEqual(['exportList', 'addMore', 'filters']);
    // The passed steps do not open later while their trigger still holds.
    expect(run([{ type: 'clickAway' }, trigger('tagAdded')], { ...state, current: null }).current).toBeNull();
  });

  it('picks the earliest step in guide order when several are due', () => {
    expect(run([trigger('copied', 'tagAdded', 'resultsShown')]).current).toBe('results');
  });

  it('never shows a step to the free group', () => {
    const state = run([
      { type: 'trigger', triggers: ['tagsOpened', 'resultsShown'], fresh: [], viewer: FREE },
    ]);
    expect(state).toEqual(INITIAL_WALKTHROUGH);
  });

  it('shows nothing while the guide is off', () => {
    const off = { ...INITIAL_WALKTHROUGH, isOn: false };
    expect(run([trigger('tagsOpened')], off)).toEqual(off);
  });

  describe('next', () => {
    it('goes to the next step when next names one', () => {
      const state = run([{ type: 'next' }], at('search'));
      expect(state.current).toBe('searchKinds');
      expect(state.shown).toEqual(['search', 'searchKinds']);
    });

    it('closes the step when next is close, and the guide stays on', () => {
      const state = run([{ type: 'next' }], at('searchKinds'));
      expect(state.current).toBeNull();
      expect(state.isOn).toBe(true);
    });

    it('turns the guide off when next is stopWalkthrough', () => {
      const state = run([{ type: 'next' }], at('guideOff'));
      expect(state).toMatchObject({ current: null, isOn: false });
    });

    it.each([
      ['collectionsMenu', 'collections'],
      ['upgrade', 'upgrade'],
      ['locationTab', 'locationSearch'],
    ] as const)('navigates from %s to the %s screen, then clears the request', (step, route) => {
      const state = run([{ type: 'next' }], at(step));
      expect(state).toMatchObject({ current: null, navigateTo: route });
      expect(run([{ type: 'navigated' }], state).navigateTo).toBeNull();
    });

    it('does nothing without a step on screen', () => {
      expect(run([{ type: 'next' }])).toEqual(INITIAL_WALKTHROUGH);
    });
  });

  it('goes back with prev, and not before the first step of a run', () => {
    expect(run([{ type: 'prev' }], at('searchKinds', ['search', 'searchKinds'])).current).toBe('search');
    expect(run([{ type: 'prev' }], at('search')).current).toBe('search');
  });

  describe('click-away', () => {
    it('closes a step whose next is close', () => {
      expect(run([{ type: 'clickAway' }], at('expand')).current).toBeNull();
    });

    it('keeps every other step open', () => {
      for (const step of WALKTHROUGH_STEPS.filter((candidate) => candidate.next !== 'close')) {
        expect(run([{ type: 'clickAway' }], at(step.id)).current).toBe(step.id);
      }
    });
  });

  describe('turning the guide off', () => {
    it('leads to the guide-off step and turns the guide off', () => {
      const state = run([{ type: 'turnOff', viewer: TRIAL }], at('results'));
      expect(state).toMatchObject({ current: 'guideOff', isOn: false });
      expect(run([{ type: 'next' }], state)).toMatchObject({ current: null, isOn: false });
      expect(run([{ type: 'next' }, trigger('copied')], state).current).toBeNull();
    });

    it('shows the disabled guide-off message to an anonymous trial on iOS, and the guide stays on', () => {
      const state = run([{ type: 'turnOff', viewer: IOS_ANONYMOUS }], at('results'));
      expect(state).toMatchObject({ current: 'guideOffDisabled', isOn: true });
      const closed = run([{ type: 'next' }], state);
      expect(closed).toMatchObject({ current: null, isOn: true });
      expect(run([trigger('copied')], closed).current).toBe('pasteIt');
    });

    it('lets an anonymous trial on Android turn it off', () => {
      expect(run([{ type: 'turnOff', viewer: ANDROID_ANONYMOUS }], at('results')).current).toBe('guideOff');
    });
  });

  it('restart turns the guide back on and shows every step again', () => {
    const off = run([{ type: 'turnOff', viewer: TRIAL }, { type: 'next' }], at('results'));
    const restarted = run([{ type: 'restart' }, trigger('tagsOpened')], off);
    expect(restarted).toMatchObject({ isOn: true, current: 'search', shown: ['search'] });
  });

  it('hide closes the step on screen', () => {
    expect(run([{ type: 'hide' }], at('copy')).current).toBeNull();
  });

  describe('completion', () => {
    const allBut = (...left: StepId[]) => STEP_IDS.filter((id) => !left.includes(id));

    it('is complete when 2 steps remain to be shown', () => {
      expect(isWalkthroughComplete({ shown: allBut('guideOff', 'guideOffDisabled') })).toBe(true);
      expect(isWalkthroughComplete({ shown: allBut('done', 'guideOff', 'guideOffDisabled') })).toBe(false);
    });

    it('opens nothing more once complete', () => {
      const done = { ...INITIAL_WALKTHROUGH, shown: allBut('guideOff', 'results') };
      expect(run([trigger('resultsShown')], done).current).toBeNull();
    });

    it('is reached by following every trigger and Next through the guide', () => {
      let state = INITIAL_WALKTHROUGH;
      for (const step of WALKTHROUGH_STEPS) {
        if (step.trigger) state = run([trigger(step.trigger)], state);
        while (state.current) state = run([{ type: 'next' }, { type: 'navigated' }], state);
      }
      expect(isWalkthroughComplete(state)).toBe(true);
      expect(state.shown).toHaveLength(STEP_IDS.length - 2);
    });
  });

  it('restores the kept state defensively', () => {
    expect(restoreWalkthrough(null, null)).toEqual(INITIAL_WALKTHROUGH);
    expect(restoreWalkthrough('false', '["search","nope","search",3]')).toMatchObject({
      isOn: false,
      shown: ['search'],
    });
    expect(restoreWalkthrough('true', '{broken')).toMatchObject({ isOn: true, shown: [] });
    expect(restoreWalkthrough('true', '{"shown":["copy"]}').shown).toEqual(['copy']);
  });

  it('keeps its invariants under any sequence of actions', () => {
    const action = fc.oneof(
      fc.record({
        type: fc.constant('trigger' as const),
        triggers: fc.array(fc.constantFrom(...Object.values(WalkthroughTrigger))),
        viewer: fc.constantFrom(TRIAL, FREE, IOS_ANONYMOUS),
      }),
      fc.constantFrom<WalkthroughAction>(
        { type: 'next' },
        { type: 'prev' },
        { type: 'clickAway' },
        { type: 'restart' },
        { type: 'navigated' },
        { type: 'hide' },
      ),
      fc.record({ type: fc.constant('turnOff' as const), viewer: fc.constantFrom(TRIAL, IOS_ANONYMOUS) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        const state = run(actions);
        expect(new Set(state.shown).size).toBe(state.shown.length);
        if (state.current) expect(state.shown).toContain(state.current);
      }),
    );
  });
});

describe('walkthrough steps', () => {
  it('has about 27 steps, each with title, message, placement, arrow, next, prev and target', () => {
    expect(WALKTHROUGH_STEPS.length).toBeGreaterThanOrEqual(27);
    for (const step of WALKTHROUGH_STEPS) {
      expect(step.title).toBe(`walkthrough.${step.id}.title`);
      expect(step.message).toBe(`walkthrough.${step.id}.message`);
      expect(step).toHaveProperty('placement');
      expect(step).toHaveProperty('target');
      expect(typeof step.showArrow).toBe('boolean');
    }
    expect(findStep('results').title2).toBe('walkthrough.results.title2');
  });

  it('links only to steps that exist, and every prev leads to a step whose next comes back', () => {
    for (const step of WALKTHROUGH_STEPS) {
      if (typeof step.next === 'string' && step.next !== 'close' && step.next !== 'stopWalkthrough') {
        expect(STEP_IDS).toContain(step.next);
      }
      if (step.prev) expect(findStep(step.prev).next).toBe(step.id);
    }
  });

  it('reaches every step but the guide-off ones from a trigger', () => {
    const reached = new Set<StepId>();
    for (const step of WALKTHROUGH_STEPS.filter((candidate) => candidate.trigger)) {
      let id: StepId | null = step.id;
      while (id && !reached.has(id)) {
        reached.add(id);
        const { next } = findStep(id);
        id = typeof next === 'string' && next !== 'close' && next !== 'stopWalkthrough' ? next : null;
      }
    }
    expect([...reached].sort()).toEqual(STEP_IDS.filter((id) => !id.startsWith('guideOff')).sort());
  });
});
