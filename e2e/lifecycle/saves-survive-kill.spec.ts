import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Topic, TopicsById } from '@tagscout/core/api';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type PreloadedServer, spawnPreloadedServer } from '../fixtures';

// ---- kill -9 right after an acknowledged save (docs/security-policy.md#fault-tests) ----

interface Write {
  topicId: string;
  title: string;
  /** The stamp the server answered with; undefined while unanswered. */
  modified?: number;
}

describe('saves survive kill -9 of the server', () => {
  const CYCLES = 10;
  const WRITERS = 4;

  it(`keeps every acknowledged save over ${CYCLES} SIGKILL cycles with concurrent saves`, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tagscout-kill-'));
    const databasePath = join(folder, 'topics.db');
    const writes: Write[] = [];
    const totals = { acknowledged: 0, lost: 0, conflicts: 0, busy: 0 };
    const busyMessages = new Set<string>();
    const record = (write: Write) => {
      writes.push(write);
      if (write.modified !== undefined) totals.acknowledged++;
    };
    const env = { DATABASE_URL: databasePath };
    // The next two servers load their modules (2-3 s of CPU, most of a start) while one serves and is
    // killed; each opens the database only once started, after the last kill and its checks.
    const spawned: PreloadedServer[] = [];
    const spawnNext = () => {
      const server = spawnPreloadedServer({ env });
      spawned.push(server);
      return server;
    };
    const ahead = [spawnNext(), spawnNext()];
    try {
      let users: { token: string; sharedId: string }[] = [];
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const server = await ahead.shift()!.start();
        if (cycle === 0) {
          // Two users. Each has a shared topic that two of the writers (two "tabs") save in turn.
          users = await Promise.all(
            [0, 1].map(async (user) => {
              const token = await anonymousTrial(server.url);
              const title = `shared-${user}-seed`;
              const answer = await save(server.url, token, null, { title, export: ['seed'] });
              record({ topicId: answer.topic!.topic_id, title, modified: answer.topic!.modified });
              return { token, sharedId: answer.topic!.topic_id };
            }),
          );
        } else {
          // Started on the database the last kill left, it serves every acknowledged save.
          expect(await countNotServed(server.url, users, writes)).toBe(0);
        }
        if (cycle < CYCLES - 1) ahead.push(spawnNext());
        const child = server.process;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        let isArmed = false;
        let isKilled = false;
        let timer: NodeJS.Timeout | undefined;
        // Called the moment a save is acknowledged. The kill comes 200-800 ms after the first
        // acknowledgement of the cycle, on the next one: that acknowledgement is the last.
        const onAcknowledged = () => {
          timer ??= setTimeout(() => (isArmed = true), 200 + Math.random() * 600);
          if (!isArmed || isKilled) return;
          isKilled = true;
          child.kill('SIGKILL');
        };

        const writers = Array.from({ length: WRITERS }, async (_, writer) => {
          const { token, sharedId } = users[writer % 2]!;
          let ownId: string | null = null as string | null;
          let ownVersion = 0;
          let sharedVersion = latestStamp(writes, sharedId);
          for (let seq = 0; !isKilled; seq++) {
            const isShared: boolean = ownId !== null && seq % 2 === 0;
            const topicId: string | null = isShared ? sharedId : ownId;
            const title = `${isShared ? 'shared' : 'own'}-w${writer}-c${cycle}-s${seq}`;
            const write: Write = { topicId: topicId ?? '', title };
            if (topicId) writes.push(write);
            const body = {
              title,
              export: [`w${writer}`, `c${cycle}`, `s${seq}`],
              ...(topicId ? { base_modified: isShared ? sharedVersion : ownVersion } : {}),
            };
            const answer: SaveAnswer | null = await save(server.url, token, topicId, body).catch(() => null);
            if (!answer) break;
            if (answer.status === 409) {
              totals.conflicts++;
              sharedVersion = answer.current!.modified;
              continue;
            }
            if (answer.status === 503) {
              // Load shedding: not acknowledged; the client tries again shortly.
              totals.busy++;
              busyMessages.add(answer.message ?? '');
              await new Promise((resolve) => setTimeout(resolve, 50));
              continue;
            }
            if (answer.status >= 300) throw new Error(`a save answered ${answer.status}: ${answer.message}`);
            const topic = answer.topic!;
            write.modified = topic.modified;
            totals.acknowledged++;
            if (!topicId) {
              write.topicId = topic.topic_id;
              writes.push(write);
              ownId = topic.topic_id;
            }
            if (isShared) sharedVersion = topic.modified;
            else ownVersion = topic.modified;
            onAcknowledged();
          }
        });
        await Promise.all(writers);
        clearTimeout(timer);
        await exited;
        expect(child.signalCode).toBe('SIGKILL');
        forgetServer(server);

        const database = new SqliteDatabase(databasePath);
        try {
          expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
          totals.lost += countLost(database, writes);
        } finally {
          database.close();
        }
      }

      // The server starts on the database again and serves what was saved.
      const server = await ahead.shift()!.start();
      expect(await countNotServed(server.url, users, writes)).toBe(0);
      await server.stop();
    } finally {
      for (const server of spawned) forgetServer(server);
      rmSync(folder, { recursive: true, force: true });
    }
    console.log(
      `kill -9: ${CYCLES} cycles, ${totals.acknowledged} acknowledged saves, ${totals.lost} lost, ` +
        `${totals.conflicts} stale saves refused with 409, ${totals.busy} answered 503 (${[...busyMessages].join('; ')})`,
    );
    expect(totals.acknowledged).toBeGreaterThan(CYCLES * WRITERS);
    expect(totals.lost).toBe(0);
  });
});

/** An anonymous trial's bearer token. */
async function anonymousTrial(url: string): Promise<string> {
  const response = await fetch(`${url}/api/trial/trialRegister`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uuid: randomUUID(), session: 'bearer' }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`no trial: ${JSON.stringify(body)}`);
  return body.token;
}

interface SaveAnswer {
  status: number;
  message?: string;
  topic?: Topic;
  current?: Topic;
}

async function save(url: string, token: string, topicId: string | null, body: object): Promise<SaveAnswer> {
  const response = await fetch(`${url}/api/topics${topicId ? `/${topicId}` : ''}`, {
    method: topicId ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as TopicsById & { current?: Topic; error?: { message: string } };
  if (response.status === 409) return { status: 409, current: answer.current! };
  if (answer.error) return { status: response.status, message: answer.error.message };
  return { status: response.status, topic: Object.values(answer)[0] as Topic };
}

/** The newest acknowledged stamp of a topic. */
function latestStamp(writes: readonly Write[], topicId: string): number {
  return Math.max(
    ...writes.filter((w) => w.topicId === topicId && w.modified !== undefined).map((w) => w.modified!),
  );
}

interface Stored {
  title: string;
  modified: number;
}

/** Topics whose newest acknowledged save is not what the database file holds. */
function countLost(database: SqliteDatabase.Database, writes: readonly Write[]): number {
  const read = database.prepare('select title, modified from topics where topic_id = ?');
  return countMissing(writes, (topicId) => read.get(topicId) as Stored | undefined);
}

/** Topics whose newest acknowledged save is not what the server lists to their owners. */
async function countNotServed(
  url: string,
  users: readonly { token: string }[],
  writes: readonly Write[],
): Promise<number> {
  const listed: TopicsById = {};
  for (const { token } of users) {
    const response = await fetch(`${url}/api/topics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    Object.assign(listed, (await response.json()) as TopicsById);
  }
  return countMissing(writes, (topicId) => listed[topicId]);
}

/**
 * Topics whose newest acknowledged save is not what `stored` holds. A stored version newer than every
 * acknowledged one must be a save that was sent but whose answer the kill cut off.
 */
function countMissing(writes: readonly Write[], stored: (topicId: string) => Stored | undefined): number {
  let lost = 0;
  for (const topicId of new Set(writes.map((w) => w.topicId))) {
    const acked = writes.filter((w) => w.topicId === topicId && w.modified !== undefined);
    if (acked.length === 0) continue;
    const newest = acked.reduce((a, b) => (b.modified! > a.modified! ? b : a));
    const row = stored(topicId);
    const isKept =
      row !== undefined &&
      (row.modified === newest.modified
        ? row.title === newest.title
        : row.modified > newest.modified! &&
          writes.some((w) => w.topicId === topicId && w.modified === undefined && w.title === row.title));
    if (!isKept) lost++;
  }
  return lost;
}

/** A server killed (or never started, or failed): end it and drop its empty temporary folder. */
function forgetServer(server: Pick<PreloadedServer, 'process' | 'databasePath'>): void {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  rmSync(dirname(server.databasePath), { recursive: true, force: true });
}
