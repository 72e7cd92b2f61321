import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Topic, TopicsById } from '@tagscout/core/api';
import SqliteDatabase from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  type RunningServer,
  saveScreenshot,
  startSeededServer,
  startServer,
  type viewports,
  waitForStillScreen,
} from './fixtures';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/;

describe('collections: save, reopen, edit and delete hashtag lists', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The dev outbox lets a test read the code that verifies a new account.
    [server, browser] = await Promise.all([
      startSeededServer({ env: { EXPOSE_OUTBOX: 'true' } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A visitor who took the anonymous trial ("no thanks" on the trial sign-up), on /tags. */
  async function trialVisitor(
    viewport: keyof typeof viewports = 'desktop',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(browser, { baseURL: server.url, viewport });
    await opened.page.goto('/upgrade');
    const signup = opened.page.getByRole('dialog', { name: 'Try Tagscout Pro free' });
    await signup.getByRole('button', { name: 'No thanks, try it without an email' }).click();
    await opened.page.waitForURL('**/tags');
    return opened;
  }

  /** The visitor's own topics through the API, with the browser's session. */
  async function apiTopics(page: Page): Promise<Topic[]> {
    const response = await page.request.get('/api/topics');
    expect(response.status()).toBe(200);
    return Object.values((await response.json()) as TopicsById);
  }

  it('builds a list, saves it with a title, marks changes, updates, reopens it and deletes it', async () => {
    const { context, page } = await trialVisitor();
    const title = page.getByTestId('topic-title');
    const saveButton = page.getByRole('button', { name: 'Save', exact: true });

    await search(page, 'travel');
    await addTag(page, 'travel');
    await search(page, 'food');
    await addTag(page, 'food');
    await addTag(page, 'foodie');
    await waitForText(title, 'New collection*(unsaved changes)');
    expect(await saveButton.isEnabled()).toBe(true);

    // New -> saved: Save asks for the title.
    await saveButton.click();
    const nameDialog = page.getByRole('dialog', { name: 'Save collection' });
    await nameDialog.getByRole('textbox', { name: 'Collection name' }).fill('Weekend trip');
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(UUID);
    const topicId = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(page.url()).toBe(`${server.url}/tags/${topicId}`);
    await page.getByText('Collection saved').waitFor();
    await waitForText(title, 'Weekend trip');
    expect(await page.getByTestId('topic-modified').count()).toBe(0);
    expect(await saveButton.isDisabled()).toBe(true);
    const [created] = await apiTopics(page);
    expect(created).toMatchObject({
      topic_id: topicId,
      title: 'Weekend trip',
      export: ['travel', 'food', 'foodie'],
    });

    // Saved -> modified: a filter change shows the asterisk and enables Save.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Min posts').fill('1000');
    await waitForText(title, 'Weekend trip*(unsaved changes)');
    expect(await saveButton.isEnabled()).toBe(true);
    await settle(page);
    await saveScreenshot(page, 'collections-tags-modified-desktop');

    // Leaving for another screen asks first; Keep editing stays.
    await goVia(page, 'Settings');
    const unsaved = page.getByRole('dialog', { name: 'Save your changes?' });
    expect(await unsaved.textContent()).toContain('Weekend trip has changes that are not saved yet.');
    await unsaved.getByRole('button', { name: 'Keep editing' }).click();
    await unsaved.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/tags/${topicId}`);

    // A reload loses nothing, so it does not ask: the changes are still there, still unsaved.
    await page.reload();
    await waitForText(title, 'Weekend trip*(unsaved changes)');
    // A fresh start of an anonymous trial shows its reminder first.
    await page.getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('button', { name: 'Filters' }).click();
    expect(await page.getByLabel('Min posts').inputValue()).toBe('1,000');

    // Modified -> update: Save writes the same topic, no title asked.
    await saveButton.click();
    await page.getByText('Collection saved').waitFor();
    await waitForText(title, 'Weekend trip');
    expect(await saveButton.isDisabled()).toBe(true);
    const [updated] = await apiTopics(page);
    expect(updated).toMatchObject({ topic_id: topicId, exportFilters: { postCount: [1000, null] } });
    expect(updated!.modified).toBeGreaterThan(created!.modified);

    // Renaming is a change too.
    await page.getByRole('button', { name: 'Rename collection' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename collection' });
    await renameDialog.getByRole('textbox', { name: 'Collection name' }).fill('Weekend trip 2');
    await renameDialog.getByRole('button', { name: 'Rename' }).click();
    await waitForText(title, 'Weekend trip 2*(unsaved changes)');
    await saveButton.click();
    await waitForText(title, 'Weekend trip 2');

    // A second, untitled collection through the API.
    const untitled = await page.request.post('/api/topics', {
      data: { title: '', export: ['beach', 'sunset'] },
      headers: { origin: server.url },
    });
    expect(untitled.status()).toBe(201);

    // Collections: most recently saved first; a row reopens its collection.
    await goVia(page, 'Collections');
    await page.waitForURL('**/collections');
    const rows = page.getByTestId('collection-row');
    await rows.first().waitFor();
    expect(await rowTexts(page)).toEqual([
      ['(untitled)', '2'],
      ['Weekend trip 2', '3'],
    ]);
    await settle(page);
    await saveScreenshot(page, 'collections-list-desktop');

    await rows.filter({ hasText: 'Weekend trip 2' }).click();
    await page.waitForURL(`**/tags/${topicId}`);
    await waitForText(title, 'Weekend trip 2');
    expect(await exportList(page)).toEqual(['travel', 'food', 'foodie']);
    await page.getByRole('button', { name: 'Filters' }).click();
    expect(await page.getByLabel('Min posts').inputValue()).toBe('1,000');
    expect(await saveButton.isDisabled()).toBe(true);

    // Opening another collection while this one has changes asks first.
    await page.getByLabel('Min posts').fill('');
    await waitForText(title, 'Weekend trip 2*(unsaved changes)');
    await goVia(page, 'Collections');
    await rows.filter({ hasText: '(untitled)' }).click();
    const replace = page.getByRole('dialog', { name: 'Save your changes?' });
    await replace.getByRole('button', { name: 'Discard changes' }).click();
    await waitForText(title, '(untitled)');
    expect(await exportList(page)).toEqual(['beach', 'sunset']);

    // New search clears the text and starts a new topic.
    await search(page, 'travel');
    await page.getByRole('button', { name: 'New search' }).click();
    await page.waitForURL('**/tags');
    expect(await page.getByRole('textbox', { name: 'Search text' }).inputValue()).toBe('');
    expect(await page.getByTestId('topic-title').count()).toBe(0);

    // Delete with the confirmation, down to the empty state.
    await goVia(page, 'Collections');
    await rows.first().waitFor();
    await page.getByRole('button', { name: 'Delete Weekend trip 2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete hashtag Collection Weekend trip 2?' });
    expect(await confirm.textContent()).toContain('Its 3 hashtags will be deleted with it.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => rowTexts(page)).toEqual([['(untitled)', '2']]);
    await page.getByRole('button', { name: 'Delete (untitled)' }).click();
    await page
      .getByRole('dialog', { name: 'Delete hashtag Collection (untitled)?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No Collection Found').waitFor();
    expect(await page.getByText('Search for hashtags and save to a collection!').isVisible()).toBe(true);
    expect(await apiTopics(page)).toEqual([]);
    await context.close();
  });

  it('offers to reload or overwrite when another tab saved the collection first', async () => {
    const { context, page: tabOne } = await trialVisitor();
    const created = await tabOne.request.post('/api/topics', {
      data: { title: 'Shared', export: ['travel', 'food'] },
      headers: { origin: server.url },
    });
    const topic = Object.values((await created.json()) as TopicsById)[0]!;
    const tabTwo = await context.newPage();
    for (const tab of [tabOne, tabTwo]) {
      await tab.goto(`/tags/${topic.topic_id}`);
      await dismissRegistration(tab);
      await waitForText(tab.getByTestId('topic-title'), 'Shared');
    }

    await editAndSave(tabOne, '5');
    await tabOne.getByText('Collection saved').waitFor();
    await editAndSave(tabTwo, '7');
    const conflict = tabTwo.getByRole('dialog', { name: 'Saved somewhere else' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Save mine over it' }).click();
    await tabTwo.getByText('Collection saved').waitFor();
    let [stored] = await apiTopics(tabTwo);
    expect(stored!.exportFilters.postCount).toEqual([7, null]);

    // Tab one is now behind: it reloads the other version instead.
    await editAndSave(tabOne, '9');
    const conflictOne = tabOne.getByRole('dialog', { name: 'Saved somewhere else' });
    await conflictOne.getByRole('button', { name: 'Load that version' }).click();
    await expect.poll(() => tabOne.getByLabel('Min posts').inputValue()).toBe('7');
    await waitForText(tabOne.getByTestId('topic-title'), 'Shared');
    [stored] = await apiTopics(tabOne);
    expect(stored!.exportFilters.postCount).toEqual([7, null]);
    await context.close();
  });

  it('opens a collection on a phone in the export view', async () => {
    const { context, page } = await trialVisitor('phone');
    const created = await page.request.post('/api/topics', {
      data: { title: 'Phone list', export: ['travel', 'food', 'foodie', 'beach'] },
      headers: { origin: server.url },
    });
    const topic = Object.values((await created.json()) as TopicsById)[0]!;
    await page.goto(`/tags/${topic.topic_id}`);
    await dismissRegistration(page);
    await waitForText(page.getByTestId('topic-title'), 'Phone list');
    expect(await exportList(page)).toEqual(['travel', 'food', 'foodie', 'beach']);
    await page.getByRole('button', { name: 'Remove #beach' }).click();
    await waitForText(page.getByTestId('topic-title'), 'Phone list*(unsaved changes)');
    await settle(page);
    await saveScreenshot(page, 'collections-tags-modified-phone');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForText(page.getByTestId('topic-title'), 'Phone list');

    // New search from the Find pane starts a new collection.
    await page.getByRole('button', { name: 'Find' }).click();
    await settle(page);
    await saveScreenshot(page, 'collections-find-phone');
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'New search' }).click();
    await page.waitForURL('**/tags');
    await page.getByRole('button', { name: 'Export' }).click();
    await waitForText(page.getByTestId('topic-title'), 'New collection');
    expect(await page.getByRole('list', { name: 'Export list' }).getByRole('checkbox').count()).toBe(0);

    // /collections is exempt from the guard; its table on a phone.
    await page.request.post('/api/topics', {
      data: { title: 'A much longer collection name that has to wrap on a phone screen', export: ['a1'] },
      headers: { origin: server.url },
    });
    await goVia(page, 'Collections');
    await page.getByTestId('collection-row').first().waitFor();
    await expect.poll(() => page.getByTestId('collection-row').count()).toBe(2);
    expect(await fitsWidth(page)).toBe(true);
    await settle(page);
    await saveScreenshot(page, 'collections-list-phone');
    await context.close();
  });

  it('offers the upgrade when a signed-in free user saves', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    const email = `free-${randomUUID()}@example.com`;
    const password = 'Collections-Test-42!';
    const headers = { origin: server.url };
    const signUp = await page.request.post('/api/account/sign-up', {
      data: { email, password, passwordConfirm: password },
      headers,
    });
    expect(signUp.status()).toBe(202);
    const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await outbox.json()) as { messages: { code: string | null }[] };
    const verified = await page.request.post('/api/account/verify-email', {
      data: { email, code: messages[0]!.code },
      headers,
    });
    expect(verified.status()).toBe(200);

    await page.goto('/tags');
    await search(page, 'travel');
    await addTag(page, 'travel');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const upgrade = page.getByRole('dialog', { name: 'Save collections with Pro' });
    expect(await upgrade.textContent()).toContain('Saving hashtag collections is part of Tagscout Pro.');
    await upgrade.getByRole('link', { name: 'See plans' }).waitFor();
    await upgrade.getByRole('button', { name: 'Close' }).click();
    expect((await page.request.get('/api/topics')).status()).toBe(403);
    await context.close();
  });

  it('gives a signed-out visitor on /try no Save', async () => {
    const { context, page } = await newPage(browser, { baseURL: server.url });
    await page.goto('/try');
    await search(page, 'travel');
    await addTag(page, 'travel');
    await page.getByRole('list', { name: 'Export list' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('topic-title').count()).toBe(0);
    await context.close();
  });
});

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
    try {
      // Two users. Each has a shared topic that two of the writers (two "tabs") save in turn.
      let server = await startServer({ env: { DATABASE_URL: databasePath } });
      const users = await Promise.all(
        [0, 1].map(async (user) => {
          const token = await anonymousTrial(server.url);
          const title = `shared-${user}-seed`;
          const answer = await save(server.url, token, null, { title, export: ['seed'] });
          record({ topicId: answer.topic!.topic_id, title, modified: answer.topic!.modified });
          return { token, sharedId: answer.topic!.topic_id };
        }),
      );
      await server.stop();

      for (let cycle = 0; cycle < CYCLES; cycle++) {
        server = await startServer({ env: { DATABASE_URL: databasePath } });
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
      server = await startServer({ env: { DATABASE_URL: databasePath } });
      const listed = await fetch(`${server.url}/api/topics`, {
        headers: { authorization: `Bearer ${users[0]!.token}` },
      });
      expect(listed.status).toBe(200);
      expect(Object.keys((await listed.json()) as TopicsById)).toContain(users[0]!.sharedId);
      await server.stop();
    } finally {
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

/**
 * Topics whose newest acknowledged save is not what the database holds. A stored version newer
 * than every acknowledged one must be a save that was sent but whose answer the kill cut off.
 */
function countLost(database: SqliteDatabase.Database, writes: readonly Write[]): number {
  let lost = 0;
  for (const topicId of new Set(writes.map((w) => w.topicId))) {
    const acked = writes.filter((w) => w.topicId === topicId && w.modified !== undefined);
    if (acked.length === 0) continue;
    const newest = acked.reduce((a, b) => (b.modified! > a.modified! ? b : a));
    const row = database.prepare('select title, modified from topics where topic_id = ?').get(topicId) as
      | { title: string; modified: number }
      | undefined;
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

/** A server killed (or never to be stopped through the fixture): drop its empty temporary folder. */
function forgetServer(server: RunningServer): void {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  rmSync(dirname(server.databasePath), { recursive: true, force: true });
}

// ---- Page helpers ----

async function search(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Search text' });
  await box.fill(text);
  await box.press('Enter');
  await page.waitForFunction(() => !document.querySelector('[aria-label="Searching"]'));
  await page.locator('[data-testid="result-row"], [role="status"]').first().waitFor();
}

async function addTag(page: Page, name: string) {
  await page
    .getByRole('button', { name: `Add #${name} to the export list`, exact: true })
    .first()
    .click();
}

async function exportList(page: Page): Promise<string[]> {
  const boxes = page.getByRole('list', { name: 'Export list' }).getByRole('checkbox');
  await boxes.first().waitFor();
  return (
    await boxes.evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label') ?? ''))
  ).map((name) => name.slice(1));
}

async function rowTexts(page: Page): Promise<string[][]> {
  return page
    .getByTestId('collection-row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent ?? '')),
    );
}

async function goVia(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation').getByRole('link', { name: entry, exact: true }).click();
}

async function waitForText(locator: ReturnType<Page['getByTestId']>, text: string) {
  await expect.poll(() => locator.textContent(), { timeout: 10_000 }).toBe(text);
}

async function editAndSave(page: Page, minPosts: string) {
  const filters = page.getByRole('button', { name: 'Filters' });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  await page.getByLabel('Min posts').fill(minPosts);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** A full page load of an anonymous trial asks once per browser session to register the email. */
async function dismissRegistration(page: Page) {
  const registration = page.getByRole('dialog', { name: 'Keep your Pro trial' });
  await registration
    .getByRole('button', { name: 'Not now' })
    .click({ timeout: 5000 })
    .catch(() => {});
}

/** Lets the drawer and button colour transitions finish before a screenshot. */
async function settle(page: Page) {
  await waitForStillScreen(page);
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
