/**
 * Jetstream events in its real JSON wire format (the /subscribe endpoint), for the fake instance,
 * the tests and the bench. Field names and order follow Jetstream's own encoder.
 */

export interface WireCommit {
  rev: string;
  operation: 'create' | 'update' | 'delete';
  collection: string;
  rkey: string;
  record?: Record<string, unknown>;
  cid?: string;
}

export type WireEvent =
  | { did: string; time_us?: number; kind: 'commit'; commit: WireCommit }
  | {
      did: string;
      time_us?: number;
      kind: 'identity';
      identity: { did: string; handle?: string; seq: number; time: string };
    }
  | {
      did: string;
      time_us?: number;
      kind: 'account';
      account: { active: boolean; did: string; seq: number; status?: string; time: string };
    };

export interface PostSpec {
  did?: string;
  rkey?: string;
  /** Tags written as `#tag` in the text, each with its facet (byte offsets in UTF-8). */
  tags?: readonly string[];
  /** The record's own `tags` field (tags not in the text). */
  recordTags?: readonly string[];
  text?: string;
  langs?: readonly string[];
  /** ISO text; now when left out. */
  createdAt?: string;
}

const BASE32 = '234567abcdefghijklmnopqrstuvwxyz';
let tidCounter = 0;

/** A record key in atproto's TID shape: 13 base32-sortable characters. */
export function makeTid(micros = Date.now() * 1000 + (tidCounter++ % 1000)): string {
  let value = BigInt(micros) * 1024n + BigInt(tidCounter % 1024);
  let text = '';
  for (let i = 0; i < 13; i++) {
    text = BASE32[Number(value & 31n)]! + text;
    value >>= 5n;
  }
  return text;
}

export function makeDid(seed: number | string): string {
  const hash = [...String(seed)].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  let text = '';
  let value = hash;
  for (let i = 0; i < 24; i++) {
    text += BASE32[value % 32];
    value = (value * 1103515245 + 12345) >>> 0;
  }
  return `did:plc:${text}`;
}

/** An app.bsky.feed.post record with hashtag facets, as clients write them. */
export function postRecord(spec: PostSpec = {}): Record<string, unknown> {
  const encoder = new TextEncoder();
  let text = spec.text ?? 'Out today';
  const facets: unknown[] = [];
  for (const tag of spec.tags ?? []) {
    text += ' ';
    const byteStart = encoder.encode(text).length;
    text += `#${tag}`;
    facets.push({
      features: [{ $type: 'app.bsky.richtext.facet#tag', tag }],
      index: { byteEnd: encoder.encode(text).length, byteStart },
    });
  }
  return {
    $type: 'app.bsky.feed.post',
    createdAt: spec.createdAt ?? new Date().toISOString(),
    ...(facets.length > 0 && { facets }),
    ...(spec.langs && { langs: [...spec.langs] }),
    ...(spec.recordTags && { tags: [...spec.recordTags] }),
    text,
  };
}

export function postCreate(spec: PostSpec & { timeUs?: number } = {}): WireEvent {
  const did = spec.did ?? makeDid(1);
  return {
    did,
    ...(spec.timeUs !== undefined && { time_us: spec.timeUs }),
    kind: 'commit',
    commit: {
      rev: makeTid(),
      operation: 'create',
      collection: 'app.bsky.feed.post',
      rkey: spec.rkey ?? makeTid(),
      record: postRecord(spec),
      cid: `bafyrei${makeTid()}${makeTid()}`,
    },
  };
}

export function postDelete(spec: { did: string; rkey: string; timeUs?: number }): WireEvent {
  return {
    did: spec.did,
    ...(spec.timeUs !== undefined && { time_us: spec.timeUs }),
    kind: 'commit',
    commit: { rev: makeTid(), operation: 'delete', collection: 'app.bsky.feed.post', rkey: spec.rkey },
  };
}

export function likeCreate(spec: { did: string; timeUs?: number }): WireEvent {
  return {
    did: spec.did,
    ...(spec.timeUs !== undefined && { time_us: spec.timeUs }),
    kind: 'commit',
    commit: {
      rev: makeTid(),
      operation: 'create',
      collection: 'app.bsky.feed.like',
      rkey: makeTid(),
      record: { $type: 'app.bsky.feed.like', createdAt: new Date().toISOString() },
      cid: `bafyrei${makeTid()}`,
    },
  };
}

export function identityEvent(spec: { did: string; handle?: string; seq?: number }): WireEvent {
  return {
    did: spec.did,
    kind: 'identity',
    identity: {
      did: spec.did,
      ...(spec.handle && { handle: spec.handle }),
      seq: spec.seq ?? 1,
      time: new Date().toISOString(),
    },
  };
}

export function accountEvent(spec: {
  did: string;
  active: boolean;
  status?: string;
  seq?: number;
}): WireEvent {
  return {
    did: spec.did,
    kind: 'account',
    account: {
      active: spec.active,
      did: spec.did,
      seq: spec.seq ?? 1,
      ...(spec.status && { status: spec.status }),
      time: new Date().toISOString(),
    },
  };
}

/** The frame's text with time_us where Jetstream puts it (after did). */
export function frameText(event: WireEvent, timeUs: number): string {
  const { did, time_us: _ignored, kind, ...rest } = event;
  return JSON.stringify({ did, time_us: timeUs, kind, ...rest });
}
