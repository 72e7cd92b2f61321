import { Secp256k1Keypair } from '@atproto/crypto';
import { getFullRepo, MemoryBlockstore, type RecordCreateOp, Repo, WriteOpAction } from '@atproto/repo';
import { zipSync } from 'fflate';

/**
 * Archive files shaped exactly as the networks write them, for tests:
 * - Instagram's "Download your information" (JSON): your_instagram_activity/media/posts_1.json, an
 *   array of posts pretty-printed with two spaces, every non-ASCII character written as its UTF-8
 *   bytes, each escaped as \u00XX (Meta's latin-1 garbling: "café" arrives as "caf\u00c3\u00a9");
 *   a post of one photo keeps its caption in media[0].title, a carousel in its own title.
 * - Mastodon's archive outbox.json (app/services/backup_service.rb): an OrderedCollection of the
 *   account's statuses as ActivityPub::ActivitySerializer writes them, @context removed from each
 *   item; a boost is an Announce whose object is the boosted status's URI.
 * - A Bluesky repo CAR as com.atproto.sync.getRepo sends it, written by @atproto/repo itself.
 */

export interface TestInstagramPost {
  caption: string;
  /** Epoch seconds. */
  takenAt: number;
  /** Photos in the post; a carousel when more than one. */
  photos?: number;
}

export function instagramPostsJson(posts: readonly TestInstagramPost[]): Buffer {
  return Buffer.from(metaJson(posts.map(instagramPost)), 'utf8');
}

/** A stories file (your_instagram_activity/media/stories.json): each story a media item. */
export function instagramStoriesJson(stories: readonly TestInstagramPost[]): Buffer {
  return Buffer.from(metaJson({ ig_stories: stories.map((story) => mediaItem(story, 0, story.caption)) }));
}

/** The whole export as the zip Instagram sends: JSON files, an HTML page, the photos. */
export function instagramExportZip(posts: readonly TestInstagramPost[]): Buffer {
  const files: Record<string, Uint8Array> = {
    'your_instagram_activity/media/posts_1.json': instagramPostsJson(posts),
    'personal_information/personal_information/personal_information.json': Buffer.from(
      metaJson({ profile_user: [{ string_map_data: { Name: { value: 'Ana Lu\u00edsa' } } }] }),
    ),
    'start_here.html': Buffer.from('<html><body>Your information</body></html>'),
  };
  for (const post of posts) {
    files[`media/posts/${monthOf(post.takenAt)}/${post.takenAt}_0.jpg`] = new Uint8Array([0xff, 0xd8, 0xff]);
  }
  return Buffer.from(zipSync(files));
}

function instagramPost(post: TestInstagramPost) {
  const photos = post.photos ?? 1;
  if (photos === 1) return { media: [mediaItem(post, 0, post.caption)] };
  return {
    media: Array.from({ length: photos }, (_, index) => mediaItem(post, index, '')),
    title: post.caption,
    creation_timestamp: post.takenAt,
  };
}

function mediaItem(post: TestInstagramPost, index: number, title: string) {
  return {
    uri: `media/posts/${monthOf(post.takenAt)}/${post.takenAt}_${index}.jpg`,
    creation_timestamp: post.takenAt,
    media_metadata: { camera_metadata: { has_camera_metadata: false } },
    title,
    cross_post_source: { source_app: 'FB' },
    backup_uri: `https://scontent.cdninstagram.com/v/t51.29350-15/${post.takenAt}_${index}_n.jpg`,
  };
}

function monthOf(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 7).replace('-', '');
}

/** JSON as Meta writes it: two-space indent, each UTF-8 byte of a non-ASCII character as \u00XX. */
function metaJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[^\u0020-\u007e\n]/gu, (char) =>
    [...Buffer.from(char, 'utf8')].map((byte) => `\\u00${byte.toString(16).padStart(2, '0')}`).join(''),
  );
}

export interface TestMastodonStatus {
  id: string;
  /** The status as its HTML content says it; hashtags become Mastodon's tag links. */
  text: string;
  /** The tags' names as the status shows them (Mastodon keeps the case typed). */
  tags: readonly string[];
  published: string;
}

const INSTANCE = 'https://social.example';
const ACTOR = `${INSTANCE}/users/ana`;
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

/** outbox.json of Mastodon's archive: Create activities for statuses, Announce for boosts. */
export function mastodonOutboxJson(
  statuses: readonly TestMastodonStatus[],
  boosts: readonly { id: string; of: string; published: string }[] = [],
): Buffer {
  const items = [
    ...statuses.map((status) => createActivity(status)),
    ...boosts.map((boost) => ({
      id: `${ACTOR}/statuses/${boost.id}/activity`,
      type: 'Announce',
      actor: ACTOR,
      published: boost.published,
      to: [PUBLIC],
      cc: [boost.of.replace(/\/statuses\/.*$/, ''), `${ACTOR}/followers`],
      object: boost.of,
    })),
  ];
  return Buffer.from(
    JSON.stringify({
      // BackupService sets the full context (ContextHelper#full_context): the base contexts and every extension.
      '@context': [
        'https://www.w3.org/ns/activitystreams',
        'https://w3id.org/security/v1',
        {
          manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
          toot: 'http://joinmastodon.org/ns#',
          sensitive: 'as:sensitive',
          Hashtag: 'as:Hashtag',
          conversation: 'ostatus:conversation',
          ostatus: 'http://ostatus.org#',
          atomUri: 'ostatus:atomUri',
          inReplyToAtomUri: 'ostatus:inReplyToAtomUri',
        },
      ],
      id: 'outbox.json',
      type: 'OrderedCollection',
      totalItems: items.length,
      orderedItems: items,
    }),
  );
}

/** Mastodon's archive as its BackupService writes it today: a zip of outbox.json, likes, bookmarks, the actor and media. */
export function mastodonArchiveZip(statuses: readonly TestMastodonStatus[]): Buffer {
  const collection = (id: string) =>
    Buffer.from(JSON.stringify({ id, type: 'OrderedCollection', totalItems: 0, orderedItems: [] }));
  return Buffer.from(
    zipSync({
      'outbox.json': mastodonOutboxJson(statuses),
      'likes.json': collection('likes.json'),
      'bookmarks.json': collection('bookmarks.json'),
      'actor.json': Buffer.from(JSON.stringify({ id: ACTOR, type: 'Person', outbox: 'outbox.json' })),
      'media_attachments/files/109/000/001/original/photo.jpg': new Uint8Array([0xff, 0xd8, 0xff]),
    }),
  );
}

function createActivity(status: TestMastodonStatus) {
  const uri = `${ACTOR}/statuses/${status.id}`;
  const tagLink = (name: string) =>
    `<a href="${INSTANCE}/tags/${name.toLowerCase()}" class="mention hashtag" rel="tag">#<span>${name}</span></a>`;
  const content = `<p>${status.text} ${status.tags.map(tagLink).join(' ')}</p>`;
  return {
    id: `${uri}/activity`,
    type: 'Create',
    actor: ACTOR,
    published: status.published,
    to: [PUBLIC],
    cc: [`${ACTOR}/followers`],
    object: {
      id: uri,
      type: 'Note',
      summary: null,
      inReplyTo: null,
      published: status.published,
      url: `${INSTANCE}/@ana/${status.id}`,
      attributedTo: ACTOR,
      to: [PUBLIC],
      cc: [`${ACTOR}/followers`],
      sensitive: false,
      atomUri: uri,
      inReplyToAtomUri: null,
      conversation: `tag:social.example,2024-01-02:objectId=${status.id}:objectType=Conversation`,
      context: `${INSTANCE}/contexts/${status.id}`,
      content,
      contentMap: { en: content },
      attachment: [],
      tag: [
        { type: 'Mention', href: `${INSTANCE}/users/bruno`, name: '@bruno' },
        ...status.tags.map((name) => ({
          type: 'Hashtag',
          href: `${INSTANCE}/tags/${name.toLowerCase()}`,
          name: `#${name}`,
        })),
      ],
      replies: {
        id: `${uri}/replies`,
        type: 'Collection',
        first: {
          type: 'CollectionPage',
          next: `${uri}/replies?only_other_accounts=true&page=true`,
          partOf: `${uri}/replies`,
          items: [],
        },
      },
      likes: { id: `${uri}/likes`, type: 'Collection', totalItems: 3 },
      shares: { id: `${uri}/shares`, type: 'Collection', totalItems: 1 },
      interactionPolicy: { canQuote: { automaticApproval: [PUBLIC] } },
    },
  };
}

export interface TestBlueskyPost {
  rkey: string;
  text: string;
  createdAt: string;
  /** Tags written in the text as #tag (each gets its facet, as the app's composer makes them). */
  facetTags?: readonly string[];
  /** Tags outside the text (the record's `tags` field). */
  outlineTags?: readonly string[];
}

export const TEST_DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';

/** The repo CAR com.atproto.sync.getRepo answers: posts plus a profile, a like and a repost. */
export async function blueskyRepoCar(posts: readonly TestBlueskyPost[]): Promise<Buffer> {
  const storage = new MemoryBlockstore();
  const keypair = await Secp256k1Keypair.create();
  const subject = {
    uri: 'at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3l6oveex3ii2l',
    cid: 'bafyreiclp443lavogvhj3d2ob2cxbfuscni2k5jk7bebjzg7khl3esabwq',
  };
  const writes: RecordCreateOp[] = [
    create('app.bsky.actor.profile', 'self', {
      $type: 'app.bsky.actor.profile',
      displayName: 'Ana',
      createdAt: '2024-01-01T00:00:00.000Z',
    }),
    create('app.bsky.feed.like', '3l6ovf2222221', {
      $type: 'app.bsky.feed.like',
      subject,
      createdAt: '2024-01-01T00:00:00.000Z',
    }),
    create('app.bsky.feed.repost', '3l6ovf2222222', {
      $type: 'app.bsky.feed.repost',
      subject,
      createdAt: '2024-01-01T00:00:00.000Z',
    }),
    ...posts.map((post) => create('app.bsky.feed.post', post.rkey, postRecord(post))),
  ];
  const repo = await Repo.create(storage, TEST_DID, keypair, writes);
  const chunks: Uint8Array[] = [];
  for await (const chunk of getFullRepo(storage, repo.cid)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function create(collection: string, rkey: string, record: Record<string, unknown>): RecordCreateOp {
  return { action: WriteOpAction.Create, collection, rkey, record } as RecordCreateOp;
}

function postRecord(post: TestBlueskyPost) {
  const text = [post.text, ...(post.facetTags ?? []).map((tag) => `#${tag}`)].join(' ');
  const facets = (post.facetTags ?? []).map((tag) => {
    const byteStart = Buffer.byteLength(text.slice(0, text.indexOf(`#${tag}`)), 'utf8');
    return {
      $type: 'app.bsky.richtext.facet',
      index: { byteStart, byteEnd: byteStart + Buffer.byteLength(`#${tag}`, 'utf8') },
      features: [{ $type: 'app.bsky.richtext.facet#tag', tag }],
    };
  });
  return {
    $type: 'app.bsky.feed.post',
    text,
    langs: ['en'],
    createdAt: post.createdAt,
    ...(facets.length > 0 && { facets }),
    ...(post.outlineTags?.length && { tags: [...post.outlineTags] }),
  };
}
