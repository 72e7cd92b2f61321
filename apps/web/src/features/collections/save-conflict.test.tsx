import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test-app';
import { resetApp } from '../../test-reset';
import {
  EMPTY_SEARCH_SCREEN_ROUTES,
  serveTestTopics,
  type TestTopicsServer,
  testTopic,
} from './test-topics-server';

const TOPIC_ID = '0b7f6a52-3c1e-4d5a-9f2b-6e8d7c9a1b20';

/** An email-trial user with the collection 'Shared' open at /tags/<its id>. */
async function openShared(): Promise<{ server: TestTopicsServer; puts: () => unknown[] }> {
  const server = serveTestTopics([
    testTopic({ topic_id: TOPIC_ID, title: 'Shared', export: ['travel', 'food'] }),
  ]);
  const { calls } = renderApp(`/tags/${TOPIC_ID}`, {
    group: 'emailTrial',
    routes: {
      ...server.routes,
      ...EMPTY_SEARCH_SCREEN_ROUTES,
    },
  });
  await waitFor(() => expect(title()).toBe('Shared'));
  const puts = () =>
    calls
      .filter((call) => call.method === 'PUT' && call.url.startsWith('/api/topics/'))
      .map((call) => call.body);
  return { server, puts };
}

const title = () => screen.queryByTestId('topic-title')?.textContent;
const minPosts = () => screen.getByLabelText<HTMLInputElement>('Min posts');

async function editAndSave(value: string) {
  const filters = screen.getByRole('button', { name: 'Filters', hidden: true });
  if (filters.getAttribute('aria-expanded') !== 'true') fireEvent.click(filters);
  fireEvent.change(minPosts(), { target: { value } });
  await waitFor(() => expect(title()).toBe('Shared*(unsaved changes)'));
  fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
  return screen.findByRole('dialog', { name: 'Saved somewhere else', hidden: true });
}

describe('a collection saved in another tab first', () => {
  afterEach(resetApp);

  it('saves mine over it: the same edit again, from the version saved elsewhere', async () => {
    const { server, puts } = await openShared();
    const elsewhere = server.saveElsewhere(TOPIC_ID, { exportFilters: { postCount: [5, null] } });

    const conflict = await editAndSave('7');
    fireEvent.click(within(conflict).getByRole('button', { name: 'Save mine over it' }));
    await screen.findByText('Collection saved');
    await waitFor(() => expect(title()).toBe('Shared'));
    expect(server.stored.get(TOPIC_ID)?.exportFilters.postCount).toEqual([7, null]);
    expect(puts()).toMatchObject([
      { exportFilters: { postCount: [7, null] }, base_modified: 1_764_000_000_000 },
      { exportFilters: { postCount: [7, null] }, base_modified: elsewhere.modified },
    ]);
  });

  it('loads that version: the list and filters saved elsewhere replace the changes here', async () => {
    const { server, puts } = await openShared();
    server.saveElsewhere(TOPIC_ID, {
      export: ['travel', 'food', 'beach'],
      exportFilters: { postCount: [5, null] },
    });

    const conflict = await editAndSave('9');
    fireEvent.click(within(conflict).getByRole('button', { name: 'Load that version' }));
    await waitFor(() => expect(minPosts().value).toBe('5'));
    expect(title()).toBe('Shared');
    const list = screen.getByRole('list', { name: 'Export list', hidden: true });
    expect(
      within(list)
        .getAllByRole('checkbox', { hidden: true })
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['#travel', '#food', '#beach']);
    expect(server.stored.get(TOPIC_ID)?.exportFilters.postCount).toEqual([5, null]);
    expect(puts()).toHaveLength(1);
  });
});
