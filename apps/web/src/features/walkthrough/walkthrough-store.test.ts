import { INITIAL_WALKTHROUGH } from '@tagscout/core/walkthrough';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchWalkthrough, restartWalkthrough, useWalkthrough } from './walkthrough-store';

const TRIAL = { showWalkthrough: true, canTurnGuideOff: true };

describe('walkthrough store', () => {
  afterEach(() => {
    localStorage.clear();
    useWalkthrough.setState(INITIAL_WALKTHROUGH, true);
  });

  it('marks shown steps in local storage (walkthroughState)', () => {
    dispatchWalkthrough({ type: 'trigger', triggers: ['tagsOpened'], fresh: [], viewer: TRIAL });
    dispatchWalkthrough({ type: 'next' });
    expect(JSON.parse(localStorage.getItem('walkthroughState') ?? '{}')).toEqual({
      shown: ['search', 'searchKinds'],
    });
  });

  it('keeps the guide off (showGuide false) and restart turns it back on', () => {
    dispatchWalkthrough({ type: 'trigger', triggers: ['tagsOpened'], fresh: [], viewer: TRIAL });
    dispatchWalkthrough({ type: 'turnOff', viewer: TRIAL });
    expect(localStorage.getItem('showGuide')).toBe('false');
    expect(useWalkthrough.getState().current).toBe('guideOff');
    restartWalkthrough();
    expect(localStorage.getItem('showGuide')).toBe('true');
    expect(useWalkthrough.getState()).toMatchObject({ isOn: true, shown: [], current: null });
  });
});
