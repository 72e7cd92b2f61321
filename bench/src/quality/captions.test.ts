import { describe, expect, it } from 'vitest';
import { captionTable, hideTagsAndMentions, hitOfAny, unprunedSize } from './captions.js';

describe('the caption measure', () => {
  it('hides every #tag and @mention of a tweet, wherever it stands, so no tag leaks into the words', () => {
    expect(
      hideTagsAndMentions(
        "@user @user thanks for #lyft credit i can't use cause they don't offer wheelchair vans in pdx.    #disapointed #getthanked",
      ),
    ).toBe("thanks for credit i can't use cause they don't offer wheelchair vans in pdx.");
    expect(hideTagsAndMentions('#love#life ＃café @someone… done')).toBe('done');
  });

  it("counts a hit when any of the tweet's tags is among the first 10, and its best rank", () => {
    const ranked = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
    expect(hitOfAny(ranked, ['z', 'c', 'a'])).toEqual({ hit: 1, reciprocalRank: 1 });
    expect(hitOfAny(ranked, ['j'])).toEqual({ hit: 1, reciprocalRank: 0.1 });
    expect(hitOfAny(ranked, ['k'])).toEqual({ hit: 0, reciprocalRank: 1 / 11 });
    expect(hitOfAny([], ['a'])).toEqual({ hit: 0, reciprocalRank: 0 });
  });

  it('prints hit@10 with its bootstrap interval and the paired difference from the plain vote', () => {
    const lines = captionTable([
      { name: 'vote', posts: 4, hits: [1, 0, 0, 1], reciprocalRanks: [1, 0, 0, 0.5] },
      { name: 'ours', posts: 4, hits: [1, 1, 1, 1], reciprocalRanks: [1, 1, 0.5, 0.5] },
    ]);
    expect(lines[2]).toMatch(/^\| vote \| 50\.0% \[0\.0%, 100\.0%\] \| 0\.375 \| - \|$/);
    expect(lines[3]).toMatch(
      /^\| ours \| 100\.0% \[100\.0%, 100\.0%\] \| 0\.750 \| \+50\.0 \[\+0\.0, \+100\.0\] \|$/,
    );
  });

  it('sizes the unpruned table: each word and word-tag pair once, and each tag once for all captions', () => {
    expect(
      unprunedSize([
        { postId: '1', tags: ['beach', 'sea'], caption: 'sunny beach day #beach' },
        { postId: '2', tags: ['beach'], caption: 'Sunny morning' },
        { postId: '3', tags: ['x'] },
      ]),
      // Post 2 adds only (morning, #beach): its other pairs are post 1's.
    ).toEqual({ words: 5, pairs: 2 * 4 + 1 });
  });
});
