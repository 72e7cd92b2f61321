import { type FakeServer, json, startFakeServer } from '@tagscout/sources/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newVisitor,
  type RunningServer,
  readEmailCode,
  saveScreenshot,
  startSeededServer,
  type viewports,
  waitForStillScreen,
} from './fixtures';

const T0 = 1_704_164_645; // 2024-01-02T03:04:05Z

/**
 * Instagram's posts_1.json as "Download your information" writes it: two-space indent, every
 * non-ASCII character as its UTF-8 bytes escaped \u00XX ("café" as "caf\u00c3\u00a9").
 */
function instagramPostsFile(): Buffer {
  const posts = [
    { caption: 'Lisbon, first day #travel #café #sunset', takenAt: T0 },
    { caption: 'Dinner by the river #food #travel', takenAt: T0 + 86_400 },
    { caption: 'Beach #travel', takenAt: T0 + 2 * 86_400 },
  ].map((post) => ({
    media: [
      {
        uri: `media/posts/202401/${post.takenAt}_0.jpg`,
        creation_timestamp: post.takenAt,
        media_metadata: { camera_metadata: { has_camera_metadata: false } },
        title: post.caption,
        cross_post_source: { source_app: 'FB' },
      },
    ],
  }));
  const json = JSON.stringify(posts, null, 2).replace(/[^\u0020-\u007e\n]/gu, (char) =>
    [...Buffer.from(char, 'utf8')].map((byte) => `\\u00${byte.toString(16).padStart(2, '0')}`).join(''),
  );
  return Buffer.from(json);
}

/**
 * Bluesky's AppView as app.bsky.feed.getAuthorFeed answers today (lexicons/app/bsky/feed): 14 posts of
 * ana.bsky.social, those with #travel liked far more than the others.
 */
function startFakeAppView(): Promise<FakeServer> {
  const author = {
    did: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz',
    handle: 'ana.bsky.social',
    displayName: 'Ana',
    labels: [],
  };
  const feed = Array.from({ length: 14 }, (_, index) => {
    const tags = index % 2 === 0 ? ['travel', 'food'] : ['food'];
    const text = `Day ${index} ${tags.map((tag) => `#${tag}`).join(' ')}`;
    const createdAt = new Date(Date.UTC(2024, 5, 1) + index * 3 * 86_400_000).toISOString();
    return {
      post: {
        uri: `at://${author.did}/app.bsky.feed.post/3l7b${String(index).padStart(9, '2')}`,
        cid: 'bafyreiclp443lavogvhj3d2ob2cxbfuscni2k5jk7bebjzg7khl3esabwq',
        author,
        record: {
          $type: 'app.bsky.feed.post',
          text,
          createdAt,
          facets: tags.map((tag) => {
            const byteStart = text.indexOf(`#${tag}`);
            return {
              index: { byteStart, byteEnd: byteStart + tag.length + 1 },
              features: [{ $type: 'app.bsky.richtext.facet#tag', tag }],
            };
          }),
        },
        bookmarkCount: 0,
        replyCount: 1,
        repostCount: index % 2 === 0 ? 4 : 0,
        likeCount: index % 2 === 0 ? 40 + index : 5 + index,
        quoteCount: 0,
        indexedAt: createdAt,
        labels: [],
      },
    };
  }).reverse();
  return startFakeServer((request) =>
    request.path === '/xrpc/app.bsky.feed.getAuthorFeed' && request.query.get('actor') === author.handle
      ? json(200, { feed })
      : json(400, { error: 'InvalidRequest', message: 'Profile not found' }),
  );
}

describe('your posts: bring an archive, see your tags, add one to the list', () => {
  let server: RunningServer;
  let browser: Browser;
  let appView: FakeServer;

  beforeAll(async () => {
    appView = await startFakeAppView();
    [server, browser] = await Promise.all([
      startSeededServer({
        env: { EXPOSE_OUTBOX: 'true', TRUST_PROXY: '1', BLUESKY_APPVIEW_URL: appView.url },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await appView?.close();
  });

  /** A visitor who started an email trial (an account of their own), on /tags. */
  async function signedIn(email: string, viewport: keyof typeof viewports) {
    const opened = await newVisitor(browser, { baseURL: server.url, viewport });
    const { page } = opened;
    await page.goto('/upgrade');
    const signup = page.getByRole('dialog');
    await signup.getByLabel('Email').fill(email);
    await signup.getByRole('button', { name: 'Start free trial' }).click();
    await signup.getByRole('heading', { name: 'Check your email' }).waitFor();
    await signup.getByLabel('Verification code').fill((await readEmailCode(server, email)).code);
    await signup.getByRole('button', { name: 'Verify and start' }).click();
    await page.waitForURL('**/tags');
    return opened;
  }

  async function openFromMenu(page: Page) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Open menu' })
      .getByText('Your posts', { exact: true })
      .click();
    await page.waitForURL('**/my-posts');
    await page.getByRole('heading', { name: 'Your posts', level: 1 }).waitFor();
  }

  async function upload(page: Page) {
    await page.getByLabel('Your archive file').setInputFiles({
      name: 'posts_1.json',
      mimeType: 'application/json',
      buffer: instagramPostsFile(),
    });
    await page.getByText('Read 3 posts from Instagram with 4 hashtags (3 new).').waitFor();
  }

  async function tagRows(page: Page): Promise<string[]> {
    const rows = page.getByTestId('own-tag-row');
    await rows.first().waitFor();
    return (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  }

  it('uploads an Instagram posts_1.json, lists its tags (accents repaired), adds one to the list and opens its public counts', async () => {
    const { context, page } = await signedIn('rita@example.com', 'desktop');
    await openFromMenu(page);
    await page.getByText('No posts yet').waitFor();
    await waitForStillScreen(page);
    await saveScreenshot(page, 'own-posts-empty-desktop');

    await upload(page);
    const rows = await tagRows(page);
    expect(rows[0]).toMatch(/^#travel Instagram 3 Jan 4, 2024/);
    expect(rows.map((row) => row.split(' ')[0])).toEqual(['#travel', '#food', '#café', '#sunset']);
    await waitForStillScreen(page);
    await saveScreenshot(page, 'own-posts-tags-desktop');

    await page.getByRole('button', { name: 'Add #food to the export list' }).click();
    await page.getByRole('button', { name: '#food is in the export list' }).waitFor();
    const list = await page.evaluate(() => localStorage.getItem('exportList') ?? '');
    expect(list).toContain('"hashtag":"food"');

    // The tag opens its public counts and related tags on the search screen; the list holds #food.
    await page.getByRole('button', { name: 'See the public counts and related tags of #travel' }).click();
    await page.waitForURL('**/tags');
    await expect.poll(() => page.locator('[data-tour="search-input"] input').inputValue()).toBe('travel');
    await page.getByRole('button', { name: 'Add #travel to the export list' }).waitFor();
    await page.getByText('#food').first().waitFor();
    await waitForStillScreen(page);
    await saveScreenshot(page, 'own-posts-opened-tag-desktop');

    // The same file again adds nothing; deleting takes every imported post.
    await openFromMenu(page);
    await page.getByLabel('Your archive file').setInputFiles({
      name: 'posts_1.json',
      mimeType: 'application/json',
      buffer: instagramPostsFile(),
    });
    await page.getByText('Read 3 posts from Instagram with 4 hashtags (0 new).').waitFor();
    await page.getByRole('button', { name: 'Delete my imported posts' }).click();
    await page
      .getByRole('dialog', { name: 'Delete your imported posts?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No posts yet').waitFor();
    await context.close();
  });

  // A file it cannot read is own-posts-page.test's (the message) and own-posts.test's (the server's refusal).
  it('works on a phone', async () => {
    const { context, page } = await signedIn('tiago@example.com', 'phone');
    await openFromMenu(page);
    await upload(page);
    expect((await tagRows(page))[0]).toMatch(/^#travel Instagram 3/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByRole('heading', { name: 'Your tags' }).evaluate((heading) => heading.scrollIntoView());
    await waitForStillScreen(page);
    await saveScreenshot(page, 'own-posts-tags-phone');
    await context.close();
  });

  it('connects a Bluesky handle, shows which tags work with a chart, and feeds the suggestions once turned on', async () => {
    const { context, page } = await signedIn('lia@example.com', 'desktop');
    await openFromMenu(page);
    await page.getByLabel('Your handle').fill('ana.bsky.social');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('14 posts read', { exact: false }).waitFor();
    await page
      .getByRole('heading', { name: 'Connect a handle' })
      .evaluate((heading) => heading.scrollIntoView());
    await waitForStillScreen(page);
    await saveScreenshot(page, 'own-posts-handle-desktop');
    const rows = page.getByTestId('tag-that-works');
    await rows.first().waitFor();
    // #travel: 7 posts, median 40+6+4+1 = 51 with it against 5+7+1 = 13 without.
    expect((await rows.first().allInnerTexts())[0]!.replace(/\s+/g, ' ')).toMatch(
      /^#travel Bluesky 7 51 13 ×3\.9/,
    );
    await expect
      .poll(async () => (await rows.nth(1).allInnerTexts())[0]!.replace(/\s+/g, ' '))
      .toMatch(/#food Bluesky 14 Too few posts to tell/);
    await rows.first().click();
    await page.locator('.recharts-line').nth(1).waitFor();
    await page
      .getByRole('heading', { name: 'Your tags that work' })
      .evaluate((heading) => heading.scrollIntoView());
    await waitForStillScreen(page);
    await saveScreenshot(page, 'own-posts-tags-that-work-desktop');

    // Off until asked: then the list's suggestions offer #travel.
    // The switch shows the server's answer, so it turns on once the account keeps it.
    const toggle = page.getByLabel("Use my tags that work in the list's suggestions");
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Add #food to the export list' }).first().click();
    await page.goto('/tags');
    await page
      .getByTestId('own-tags-that-work')
      .getByRole('button', { name: 'Add #travel to the list' })
      .waitFor();
    await waitForStillScreen(page);
    await saveScreenshot(page, 'own-posts-suggestions-desktop');
    await context.close();
  });
});
