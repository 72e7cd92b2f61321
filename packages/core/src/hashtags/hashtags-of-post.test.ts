import { describe, expect, it } from 'vitest';
import { Network } from '../networks/index.js';
import { hashtagsOfPost } from './hashtags-of-post.js';

describe('hashtagsOfPost', () => {
  it('normalises the given hashtags, dropping invalid ones and duplicates', () => {
    expect(hashtagsOfPost({ hashtags: ['#Beach', 'beach', 'not valid', 'Sun\u200B', ''] })).toEqual([
      'beach',
      'sun',
    ]);
  });

  it('prefers the hashtags list over the caption', () => {
    expect(hashtagsOfPost({ hashtags: ['a', 'b'], caption: '#c #d' })).toEqual(['a', 'b']);
  });

  it('falls back to the caption when no list is given or it is empty', () => {
    expect(hashtagsOfPost({ caption: 'Lunch #Pizza🍕 and #FOOD #pizza🍕' })).toEqual(['pizza🍕', 'food']);
    expect(hashtagsOfPost({ hashtags: [], caption: '#c #d' })).toEqual(['c', 'd']);
  });

  it('normalises caption tags like listed ones (NFKC)', () => {
    expect(hashtagsOfPost({ caption: '#ｔａｇ #tag #x' })).toEqual(['tag', 'x']);
  });

  it('drops posts with fewer than two tags', () => {
    expect(hashtagsOfPost({ hashtags: ['one'] })).toBeNull();
    expect(hashtagsOfPost({ hashtags: ['one', 'ONE', '#one'] })).toBeNull();
    expect(hashtagsOfPost({ hashtags: ['one', 'bad tag'] })).toBeNull();
    expect(hashtagsOfPost({ caption: 'only #one here' })).toBeNull();
    expect(hashtagsOfPost({})).toBeNull();
  });

  it('keeps a post with exactly two tags', () => {
    expect(hashtagsOfPost({ caption: '#one #two' })).toEqual(['one', 'two']);
  });

  it('normalises by the rules of the network the post is from', () => {
    expect(hashtagsOfPost({ hashtags: ['K-Pop', 'covid-19.'] }, Network.bluesky)).toEqual([
      'k-pop',
      'covid-19',
    ]);
    expect(hashtagsOfPost({ hashtags: ['K-Pop', 'covid-19.'] })).toBeNull();
    expect(hashtagsOfPost({ hashtags: ['Café', 'cafe', 'crème'] }, Network.mastodon)).toEqual([
      'cafe',
      'creme',
    ]);
  });
});
