import { describe, expect, it } from 'vitest';
import { capSubmitterShare, postsPerSubmitter } from './cap-submitter-share.js';

describe('capSubmitterShare', () => {
  it('keeps at most perSubmitter posts of each crowd submitter and fills the window with the rest', () => {
    const posts = [
      ...Array.from({ length: 6 }, (_, i) => ({ submittedBy: 'flood', value: `f${i}` })),
      { submittedBy: null, value: 'import1' },
      { submittedBy: 'other', value: 'o1' },
      { submittedBy: null, value: 'import2' },
    ];
    expect(capSubmitterShare(posts, { window: 4, perSubmitter: 2 })).toEqual(['f0', 'f1', 'import1', 'o1']);
  });

  it('never limits trusted posts', () => {
    const posts = Array.from({ length: 5 }, (_, i) => ({ submittedBy: null, value: i }));
    expect(capSubmitterShare(posts, { window: 10, perSubmitter: 1 })).toEqual([0, 1, 2, 3, 4]);
  });

  it('allows a share of the window, at least one post', () => {
    expect(postsPerSubmitter(500, 0.1)).toBe(50);
    expect(postsPerSubmitter(10, 0.05)).toBe(1);
  });
});
