import { describe, expect, it } from 'vitest';
import {
  accountEvent,
  frameText,
  identityEvent,
  likeCreate,
  postCreate,
  postDelete,
} from '../testing/jetstream-events.js';
import { parseJetstreamFrame } from './jetstream-frame.js';

const DID = 'did:plc:tn3hni2jpphsgl6amfbb7ja6';
const TIME_US = 1_783_175_888_172_335;
const SEEN = new Date(TIME_US / 1000);

describe('parseJetstreamFrame', () => {
  it('reads a post: at-uri, tags from facets and the record’s tags (normalised, once), langs, createdAt', () => {
    const createdAt = new Date(SEEN.getTime() - 1200).toISOString();
    const frame = frameText(
      postCreate({
        did: DID,
        rkey: '3mptbypfywk2v',
        tags: ['HowToTellAiToShutUp', 'IndieRebellion', 'indierebellion', 'not a tag'],
        recordTags: ['#Extra', 'howtotellaitoshutup'],
        langs: ['de', 'en'],
        createdAt,
      }),
      TIME_US,
    );
    expect(parseJetstreamFrame(frame)).toEqual({
      type: 'post',
      timeUs: TIME_US,
      post: {
        uri: `at://${DID}/app.bsky.feed.post/3mptbypfywk2v`,
        did: DID,
        takenAt: Math.floor(Date.parse(createdAt) / 1000),
        tags: ['howtotellaitoshutup', 'indierebellion', 'extra'],
        langs: ['de', 'en'],
        text: 'Out today #HowToTellAiToShutUp #IndieRebellion #indierebellion #not a tag',
      },
    });
  });

  it('keeps tags as Bluesky’s composer makes them: inner punctuation kept, trailing punctuation trimmed', () => {
    // A record as the Bluesky app writes it: each facet's tag without its '#', and without the
    // punctuation after it in the text ("#covid-19." gives "covid-19"); byte offsets in UTF-8.
    const frame = JSON.stringify({
      did: DID,
      time_us: TIME_US,
      kind: 'commit',
      commit: {
        rev: '3mptbypg3ql2k',
        operation: 'create',
        collection: 'app.bsky.feed.post',
        rkey: '3mptbypfywk2v',
        record: {
          $type: 'app.bsky.feed.post',
          createdAt: SEEN.toISOString(),
          facets: [
            facetTag(13, 22, 'covid-19'),
            facetTag(36, 42, 'K-Pop'),
            facetTag(50, 60, 'self-care'),
            facetTag(61, 68, 'web3.0'),
            facetTag(73, 87, 'Mother’sDay'),
          ],
          langs: ['en'],
          tags: ['travel.', 'trav\u{E0061}el', 'İstanbul', 'Ⓜ️', 'K-POP'],
          text: 'Booster done #covid-19. Saturday is #K-Pop night! #self-care #web3.0 and #Mother’sDay brunch',
        },
        cid: 'bafyreibjifzpqj6o6wcq3hejh7y4z4z2vmiklkvykc57tw3pcbx3kxifpm',
      },
    });
    expect(parseJetstreamFrame(frame)).toMatchObject({
      type: 'post',
      post: {
        tags: ['covid-19', 'k-pop', 'self-care', 'web3.0', 'mother’sday', 'travel', 'istanbul', 'Ⓜ️'],
      },
    });
  });

  it('ignores facets that are links or mentions, and reads a post without tags as untagged', () => {
    const event = postCreate({ did: DID, text: 'no tags here' });
    const record = (event as { commit: { record: Record<string, unknown> } }).commit.record;
    record.facets = [
      { features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com' }], index: {} },
      { features: [{ $type: 'app.bsky.richtext.facet#mention', did: DID }], index: {} },
    ];
    const parsed = parseJetstreamFrame(frameText(event, TIME_US));
    expect(parsed).toMatchObject({ type: 'post', post: { tags: [], langs: [] } });
  });

  it('takes the time Jetstream saw the post when createdAt is implausible (backdated, future, garbage)', () => {
    const seenSeconds = Math.floor(TIME_US / 1e6);
    for (const createdAt of [
      '2019-01-01T00:00:00Z',
      new Date(SEEN.getTime() + 3_600_000).toISOString(),
      'soon',
    ]) {
      const parsed = parseJetstreamFrame(
        frameText(postCreate({ did: DID, tags: ['a'], createdAt }), TIME_US),
      );
      expect(parsed).toMatchObject({ post: { takenAt: seenSeconds } });
    }
    const earlier = new Date(SEEN.getTime() - 3 * 3_600_000).toISOString();
    const parsed = parseJetstreamFrame(
      frameText(postCreate({ did: DID, tags: ['a'], createdAt: earlier }), TIME_US),
    );
    expect(parsed).toMatchObject({ post: { takenAt: seenSeconds - 3 * 3600 } });
  });

  it('reads deletes, identity and account events, and passes other collections as "other"', () => {
    expect(parseJetstreamFrame(frameText(postDelete({ did: DID, rkey: '3mpt73z3ejc2p' }), TIME_US))).toEqual({
      type: 'delete',
      timeUs: TIME_US,
      uri: `at://${DID}/app.bsky.feed.post/3mpt73z3ejc2p`,
    });
    expect(
      parseJetstreamFrame(frameText(identityEvent({ did: DID, handle: 'a.bsky.social' }), TIME_US)),
    ).toEqual({
      type: 'identity',
      timeUs: TIME_US,
      did: DID,
    });
    expect(
      parseJetstreamFrame(frameText(accountEvent({ did: DID, active: false, status: 'deleted' }), TIME_US)),
    ).toEqual({ type: 'account', timeUs: TIME_US, did: DID, active: false, status: 'deleted' });
    expect(parseJetstreamFrame(frameText(likeCreate({ did: DID }), TIME_US))).toEqual({
      type: 'other',
      timeUs: TIME_US,
    });
  });

  it('answers null for malformed frames', () => {
    const good = JSON.parse(frameText(postCreate({ did: DID, tags: ['a', 'b'] }), TIME_US));
    const malformed = [
      '',
      'not json',
      '{"did":',
      '[]',
      JSON.stringify({ ...good, did: 42 }),
      JSON.stringify({ ...good, time_us: '1783175888172335' }),
      JSON.stringify({ ...good, time_us: 1_783_175_888 }),
      JSON.stringify({ ...good, kind: undefined }),
      JSON.stringify({ ...good, commit: { ...good.commit, record: undefined } }),
      JSON.stringify({ ...good, commit: { ...good.commit, rkey: '' } }),
      JSON.stringify({
        ...good,
        commit: { ...good.commit, record: { ...good.commit.record, $type: 'app.bsky.feed.like' } },
      }),
      JSON.stringify({ did: DID, time_us: TIME_US, kind: 'account', account: { did: DID } }),
    ];
    for (const frame of malformed) expect(parseJetstreamFrame(frame), frame).toBeNull();
  });
});

function facetTag(byteStart: number, byteEnd: number, tag: string) {
  return {
    $type: 'app.bsky.richtext.facet',
    features: [{ $type: 'app.bsky.richtext.facet#tag', tag }],
    index: { byteEnd, byteStart },
  };
}
