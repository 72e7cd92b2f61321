import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  digestWindow,
  type SuggestionInput,
  SuggestionMeasure,
  type SuggestionSource,
  suggestFromWindows,
  suggestHashtags,
} from './suggest-hashtags.js';
import { suggestionAuthorIds, suggestionTagIds } from './window-digest.js';

const names = (suggestions: { hashtag: string }[]) => suggestions.map((s) => s.hashtag);
const noCounts = () => undefined;
/** The measures on windows too small for the product's minimum of authors (tested on its own below). */
const suggest = (input: SuggestionInput) =>
  suggestHashtags({ ...input, tuning: { minAuthors: 1, ...input.tuning } });

describe('suggestHashtags', () => {
  const beach = {
    hashtag: 'beach',
    posts: [
      ['beach', 'sea', 'sun'],
      ['beach', 'sea', 'sand'],
      ['beach', 'sun', 'travel'],
      ['beach', 'sun', 'travel'],
      ['beach', 'surf'],
    ],
  };
  const sea = {
    hashtag: 'sea',
    posts: [
      ['sea', 'beach', 'sun'],
      ['sea', 'beach', 'sand'],
      ['sea', 'boat'],
      ['sea', 'boat'],
      ['sea', 'sand', 'surf'],
    ],
  };

  it('never suggests a given tag, nor a tag seen in fewer than 2 posts', () => {
    const suggestions = suggest({ sources: [beach, sea], countOf: noCounts });
    expect(names(suggestions)).not.toContain('beach');
    expect(names(suggestions)).not.toContain('sea');
    for (const suggestion of suggestions) expect(suggestion.subcount).toBeGreaterThanOrEqual(2);
  });

  it('by default ranks first what posts carrying several given tags carry', () => {
    // sun and sand are each in one post with both given tags (8) and one more with one (1); the
    // equal scores go to sun, seen in more posts. surf: two posts with one given tag each (2).
    const suggestions = suggest({ sources: [beach, sea], countOf: noCounts });
    expect(names(suggestions)).toEqual(['sun', 'sand', 'surf', 'boat', 'travel']);
    expect(suggestions[0]).toMatchObject({ hashtag: 'sun', subcount: 4, lists: 1 });
  });

  it('counts a post seen in several windows once', () => {
    const only = suggest({ sources: [beach], countOf: noCounts, tuning: { damping: 0 } });
    const twice = suggest({ sources: [beach, beach], countOf: noCounts, tuning: { damping: 0 } });
    const scoreOf = (list: typeof only) => Object.fromEntries(list.map((s) => [s.hashtag, s.score]));
    expect(scoreOf(twice)).toMatchObject(scoreOf(only));
    expect(scoreOf(only).sun).toBe(2);
  });

  it('summed subcount and lists say how it relates to the given tags', () => {
    const [sand] = suggest({ sources: [beach, sea], countOf: noCounts }).filter((s) => s.hashtag === 'sand');
    // sand: 1 post of beach (below the related minimum there), 2 of sea.
    expect(sand).toMatchObject({ subcount: 3, lists: 1 });
  });

  it('damps generic tags: equal posts, the tag with the larger count ranks lower', () => {
    const counts: Record<string, number> = { sun: 500_000_000, travel: 1_000 };
    const source = {
      hashtag: 'beach',
      posts: [
        ['beach', 'sun', 'travel'],
        ['beach', 'sun', 'travel', 'x'],
      ],
    };
    expect(names(suggest({ sources: [source], countOf: (tag) => counts[tag] }))).toEqual(['travel', 'sun']);
  });

  it('summed subcount is the baseline measure', () => {
    const suggestions = suggest({
      sources: [beach, sea],
      countOf: noCounts,
      measure: SuggestionMeasure.subcount,
    });
    // sun 3 (beach's list; sea's 1 is below the minimum), then 2 each, ties by summed subcount.
    expect(suggestions.map((s) => [s.hashtag, s.score])).toEqual([
      ['sun', 3],
      ['sand', 2],
      ['boat', 2],
      ['travel', 2],
    ]);
  });

  it('cooccurrence divides by each window so a small given tag weighs as much as a big one', () => {
    const big = { hashtag: 'big', posts: [...Array(8)].map(() => ['big', 'common']).concat([['big', 'x']]) };
    const small = {
      hashtag: 'small',
      posts: [
        ['small', 'rare'],
        ['small', 'rare'],
      ],
    };
    const score = (measure: SuggestionMeasure) =>
      Object.fromEntries(
        suggest({ sources: [big, small], countOf: noCounts, measure }).map((s) => [s.hashtag, s.score]),
      );
    expect(score('subcount')).toEqual({ common: 8, rare: 2 });
    expect(score('cooccurrence')).toEqual({ common: 8 / 9, rare: 1 });
  });

  it('vote gives one vote per list among its first `top` candidates', () => {
    const suggestions = suggest({
      sources: [beach, sea],
      countOf: noCounts,
      measure: 'vote',
      tuning: { top: 1 },
    });
    // beach's first is sun (3); sea's is boat (2, before sand by name; beach is given).
    expect(suggestions.map((s) => [s.hashtag, s.score])).toEqual([
      ['sun', 1],
      ['boat', 1],
    ]);
  });

  it('lift keeps only candidates with the minimum support', () => {
    const suggestions = suggest({
      sources: [beach],
      countOf: noCounts,
      measure: 'lift',
      tuning: { minSupport: 3 },
    });
    expect(names(suggestions)).toEqual(['sun']);
  });

  it('every measure orders best first with the documented tie-breaks and honours the limit', () => {
    for (const measure of Object.values(SuggestionMeasure)) {
      const suggestions = suggest({ sources: [beach, sea], countOf: noCounts, measure });
      for (let i = 1; i < suggestions.length; i++) {
        const [a, b] = [suggestions[i - 1]!, suggestions[i]!];
        expect(
          a.score > b.score ||
            (a.score === b.score && a.lists > b.lists) ||
            (a.score === b.score && a.lists === b.lists && a.subcount > b.subcount) ||
            (a.score === b.score &&
              a.lists === b.lists &&
              a.subcount === b.subcount &&
              a.hashtag < b.hashtag),
        ).toBe(true);
      }
      expect(suggest({ sources: [beach, sea], countOf: noCounts, measure, limit: 1 })).toHaveLength(
        Math.min(1, suggestions.length),
      );
    }
  });

  it('returns nothing for no sources or empty windows', () => {
    expect(suggest({ sources: [], countOf: noCounts })).toEqual([]);
    expect(suggest({ sources: [{ hashtag: 'a', posts: [] }], countOf: noCounts })).toEqual([]);
  });

  describe('windows merged as numbers (issue 33)', () => {
    it("takes a tag's count from the last window holding it when the windows carry their tags' counts", () => {
      const counted = (source: typeof beach, counts: Record<string, number>) => ({
        ...source,
        tags: new Map(Object.entries(counts).map(([name, count]) => [name, { count }])),
      });
      const asked: string[] = [];
      const suggestions = suggest({
        sources: [
          counted(beach, { sun: 10, sand: 20, surf: 5, travel: 7, sea: 3 }),
          counted(sea, { sun: 11, sand: -1, surf: 6, boat: 8, beach: 4 }),
        ],
        countOf: (tag) => {
          asked.push(tag);
          return undefined;
        },
      });
      const countOf = Object.fromEntries(suggestions.map((s) => [s.hashtag, s.count]));
      expect(countOf).toEqual({ sun: 11, sand: undefined, surf: 6, boat: 8, travel: 7 });
      expect(asked).toEqual([]);
    });

    it('counts a post in two windows once when a window holds posts without its own tag', () => {
      // The post without #beach in beach's window is also in sea's: one post, not two.
      const odd = ['sea', 'sun', 'x'];
      const beachWindow = { hashtag: 'beach', posts: [odd, ['beach', 'sun']] };
      const seaWindow = { hashtag: 'sea', posts: [odd] };
      const scores = suggest({
        sources: [beachWindow, seaWindow],
        countOf: noCounts,
        tuning: { damping: 0 },
      });
      expect(scores.find((s) => s.hashtag === 'sun')?.score).toBe(2);
    });

    it('gives the first `limit` of the whole order, also when many lack their second person', () => {
      const random = seeded(7);
      const window = (hashtag: string) => ({
        hashtag,
        posts: Array.from({ length: 300 }, () => [
          hashtag,
          ...Array.from(
            { length: 1 + Math.floor(random() * 6) },
            () => `t${Math.floor(random() ** 2 * 400)}`,
          ),
        ]),
        authors: Array.from({ length: 300 }, () => `a${Math.floor(random() * 40)}`),
      });
      // One loud author's posts carry every given tag and tags of their own: those rank first, each
      // with one person, so the first `limit` of the order are found after them.
      const loud = (source: ReturnType<typeof window>) => ({
        ...source,
        posts: [
          ...source.posts,
          ...Array.from({ length: 100 }, (_, i) => ['one', 'two', 'three', `loud${i}`, `loud${i + 1}`]),
        ],
        authors: [...source.authors, ...Array.from({ length: 100 }, () => 'loud')],
      });
      const sources = [loud(window('one')), loud(window('two')), loud(window('three'))];
      const all = suggestHashtags({ sources, countOf: noCounts, tuning: { minAuthors: 6 } });
      expect(all.length).toBeGreaterThan(60);
      expect(all.some((suggestion) => suggestion.hashtag.startsWith('loud'))).toBe(false);
      for (const limit of [1, 5, 20, 60]) {
        expect(suggestHashtags({ sources, countOf: noCounts, limit, tuning: { minAuthors: 6 } })).toEqual(
          all.slice(0, limit),
        );
      }
    });

    it('suggests the same once the numbering of tags starts again', () => {
      const before = suggest({ sources: [beach, sea], countOf: noCounts });
      suggestionTagIds.startAgain();
      suggest({
        sources: [{ hashtag: 'other', posts: [['other', 'sand', 'boat', 'surf', 'sun']] }],
        countOf: noCounts,
      });
      expect(suggest({ sources: [beach, sea], countOf: noCounts })).toEqual(before);
    });
  });

  describe('people, not posts (decision 025)', () => {
    const flood = (author: string, times: number) => Array.from({ length: times }, () => author);
    const travel = {
      hashtag: 'travel',
      posts: [
        ...Array.from({ length: 600 }, () => ['travel', 'spamone', 'spamtwo']),
        ...['ana', 'bo', 'cy', 'di', 'ed', 'flo'].map(() => ['travel', 'beach']),
      ],
      authors: [...flood('spammer', 600), 'ana', 'bo', 'cy', 'di', 'ed', 'flo'],
    };

    it('one author posting 600 times suggests nothing of theirs; tags of several people are suggested', () => {
      const suggestions = suggestHashtags({ sources: [travel], countOf: noCounts });
      expect(names(suggestions)).toEqual(['beach']);
      expect(suggestions[0]!.authors).toBe(6);
    });

    it('needs 2 distinct people by default, over every window of the list', () => {
      // ana's two posts carry beach: one person.
      const onePerson = {
        ...travel,
        posts: [...travel.posts.slice(0, 600), ['travel', 'beach'], ['travel', 'beach']],
        authors: [...travel.authors.slice(0, 600), 'ana', 'ana'],
      };
      expect(names(suggestHashtags({ sources: [onePerson], countOf: noCounts }))).toEqual([]);
      const sea = { hashtag: 'sea', posts: [['sea', 'beach']], authors: ['gil'] };
      expect(names(suggestHashtags({ sources: [onePerson, sea], countOf: noCounts }))).toEqual(['beach']);
      expect(
        names(suggestHashtags({ sources: [onePerson, sea], countOf: noCounts, tuning: { minAuthors: 3 } })),
      ).toEqual([]);
    });

    it('counts people right once the numbering of authors starts again', () => {
      const travel = {
        hashtag: 'travel',
        posts: [
          ['travel', 'beach'],
          ['travel', 'beach'],
        ],
        authors: ['ana', 'bo'],
      };
      const sea = {
        hashtag: 'sea',
        posts: [
          ['sea', 'beach'],
          ['sea', 'beach'],
        ],
        authors: ['cy', 'di'],
      };
      // From a numbering started afresh, so the two numberings give the four people the same numbers.
      suggestionAuthorIds.startAgain();
      suggestHashtags({ sources: [travel], countOf: noCounts });
      suggestionAuthorIds.startAgain();
      suggestHashtags({ sources: [sea], countOf: noCounts });
      const [beach] = suggestHashtags({ sources: [travel, sea], countOf: noCounts });
      expect(beach).toMatchObject({ hashtag: 'beach', authors: 4 });
    });

    it('counts a post without an author as its own author, the same post in two windows once', () => {
      const post = ['beach', 'sea', 'sun'];
      const beach = { hashtag: 'beach', posts: [post, post, ['beach', 'sun', 'x']] };
      const sea = { hashtag: 'sea', posts: [post, ['sea', 'sun', 'y']] };
      const [sun] = suggestHashtags({ sources: [beach, sea], countOf: noCounts, tuning: { minAuthors: 1 } });
      expect(sun).toMatchObject({ hashtag: 'sun', authors: 3 });
    });
  });
});

/** A repeatable random number generator (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("suggestFromWindows: windows digested in the caller's own tag ids (decision 039)", () => {
  /**
   * The windows as a store gives them: ids of its own, in the reverse of the names' order (here 2000
   * minus the name's index), counts beside; a window without posts does not know its own tag's id.
   */
  const digested = (sources: readonly SuggestionSource[], vocabulary: readonly string[]) => {
    const idOf = (name: string) => 2000 - vocabulary.indexOf(name);
    const nameOf = (id: number) => vocabulary[2000 - id]!;
    return sources.map((source) => {
      const digest = digestWindow({
        ownId: source.posts.length > 0 ? idOf(source.hashtag) : -1,
        posts: source.posts.map((post) => post.map(idOf)),
        authors: source.authors,
        countOf: (id) => source.tags?.get(nameOf(id))?.count,
      });
      return { hashtag: source.hashtag, digest, names: Array.from(digest.tags, nameOf) };
    });
  };

  it('suggests what the windows of names suggest, for any windows', () => {
    const vocabulary = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const name = fc.constantFrom(...vocabulary);
    const window = fc.record({
      hashtag: name,
      posts: fc.array(fc.uniqueArray(name, { minLength: 1, maxLength: 5 }), { maxLength: 12 }),
      people: fc.array(fc.constantFrom('ana', 'bo', 'cy', 'di'), { minLength: 12, maxLength: 12 }),
      counts: fc.array(fc.integer({ min: -2, max: 50 }), { minLength: 8, maxLength: 8 }),
    });
    const limit = fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.uniqueArray(window, { maxLength: 4, selector: (w) => w.hashtag }),
        limit,
        (windows, most) => {
          // Each window's posts carry its own tag, as a store's do.
          const sources = windows.map((w) => ({
            hashtag: w.hashtag,
            posts: w.posts.map((post) => (post.includes(w.hashtag) ? post : [w.hashtag, ...post])),
            authors: w.people.slice(0, w.posts.length),
            tags: new Map(vocabulary.map((tag, index) => [tag, { count: w.counts[index]! }])),
          }));
          const tuning = { minAuthors: 1 };
          const byNames = suggestHashtags({ sources, countOf: () => undefined, limit: most, tuning });
          const byIds = suggestFromWindows({ windows: digested(sources, vocabulary), limit: most, tuning });
          expect(byIds.map(({ id: _id, ...suggestion }) => suggestion)).toEqual(byNames);
        },
      ),
    );
  });

  it("never suggests a list's tag, also one whose window has no posts but another window holds", () => {
    const vocabulary = ['beach', 'sea', 'sun', 'sand', 'boat', 'empty'];
    const sources = [
      {
        hashtag: 'beach',
        posts: [
          ['beach', 'sea', 'sun'],
          ['beach', 'sun', 'sand'],
          ['beach', 'sand'],
        ],
      },
      {
        hashtag: 'sea',
        posts: [
          ['sea', 'beach', 'boat'],
          ['sea', 'boat', 'sun'],
          ['sea', 'empty'],
          ['sea', 'empty'],
        ],
        authors: ['a', 'b', 'c', 'd'],
      },
      { hashtag: 'empty', posts: [] },
    ];
    const suggestions = suggestFromWindows({
      windows: digested(sources, vocabulary),
      tuning: { minAuthors: 1 },
    });
    // sun: a post with both given tags (2^3) and two with one; boat: one with both and one with one.
    expect(names(suggestions)).toEqual(['sun', 'boat', 'sand']);
    expect(suggestions.map((s) => s.id)).toEqual([1998, 1996, 1997]);
    expect(names(suggestions)).toEqual(
      names(suggestHashtags({ sources, countOf: noCounts, tuning: { minAuthors: 1 } })),
    );
  });
});
