import { describe, expect, it } from 'vitest';
import { countOfTag, nextMaxId, toIngestHashtag, toIngestPost } from './parse-mastodon.js';

const status = {
  id: '112233',
  created_at: '2026-03-01T10:00:00.000Z',
  content:
    '<p>Fresh loaf <a href="https://x.example/tags/Sourdough" class="mention hashtag" rel="tag">#<span>Sourdough</span></a><br>#crumbShot &amp; #levain</p>',
  account: { id: '42', username: 'baker' },
  tags: [{ name: 'sourdough', url: 'https://x.example/tags/sourdough' }],
  reblog: null,
};

describe('Mastodon answers as store shapes', () => {
  it('takes a status’s tags from its list and from its text, with prefixed ids', () => {
    expect(toIngestPost(status)).toEqual({
      post_id: 'mastodon:112233',
      owner: 'mastodon:42',
      timestamp: Date.UTC(2026, 2, 1, 10) / 1000,
      hashtags: ['sourdough', 'crumbshot', 'levain'],
      caption: 'Fresh loaf #Sourdough #crumbShot & #levain',
    });
  });

  it('reads the text as Mastodon writes it: <br />, entities, a content warning, a remote account', () => {
    const remote = {
      ...status,
      sensitive: true,
      spoiler_text: 'food',
      content:
        '<p>Baker&#39;s loaf<br />#caf&#233; &amp; #fresh&quot;bread&quot;<br />＃Crumb</p><p>x#not https://a.example/#no</p>',
      account: { id: '9', username: 'baker', acct: 'baker@bread.example' },
    };
    expect(toIngestPost(remote)).toEqual({
      post_id: 'mastodon:112233',
      owner: 'mastodon:9',
      timestamp: Date.UTC(2026, 2, 1, 10) / 1000,
      hashtags: ['sourdough', 'cafe', 'fresh', 'crumb'],
      // The text as readers see it, for the word table (decision 030).
      caption: 'Baker\'s loaf #café & #fresh"bread" ＃Crumb  x#not https://a.example/#no',
    });
  });

  it('folds accents as Mastodon does, so café and cafe are one tag', () => {
    const tagged = {
      ...status,
      content: '<p>#Café au lait, #cafe noir, #CAFÉ crème, #Łódź</p>',
      tags: [{ name: 'Café' }, { name: 'cafe' }],
    };
    expect(toIngestPost(tagged)?.hashtags).toEqual(['cafe', 'lodz']);
    expect(toIngestHashtag({ name: 'Café', history: [{ day: '1', uses: '3', accounts: '2' }] })).toEqual({
      hashtag: 'cafe',
      count: 3,
    });
  });

  it('leaves out boosts and statuses without tags or a readable date', () => {
    expect(toIngestPost({ ...status, reblog: { id: '1' } })).toBeUndefined();
    expect(toIngestPost({ ...status, tags: [], content: '<p>no tags</p>' })).toBeUndefined();
    expect(toIngestPost({ ...status, created_at: 'yesterday' })).toBeUndefined();
  });

  it('counts a tag by the uses of its history, ignoring what is not a number', () => {
    const history = [
      { day: '1', uses: '7', accounts: '3' },
      { day: '2', uses: 'x', accounts: '0' },
      { day: '3', uses: '-4', accounts: '0' },
      { day: '4', uses: '5', accounts: '2' },
    ];
    expect(countOfTag({ name: 'a', history })).toBe(12);
  });

  it('reads the next page’s max_id from the Link header', () => {
    const link =
      '<https://x.example/api/v1/timelines/tag/a?limit=40&max_id=99>; rel="next", <https://x.example/api/v1/timelines/tag/a?limit=40&min_id=120>; rel="prev"';
    expect(nextMaxId(link)).toBe('99');
    expect(nextMaxId('<https://x.example/api/v1/timelines/tag/a?min_id=120>; rel="prev"')).toBeUndefined();
    expect(nextMaxId(null)).toBeUndefined();
  });
});
