import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test-app';
import { resetApp } from '../../test-reset';
import { useExportList } from '../export/export-store';
import { EMPTY_SEARCH_SCREEN_ROUTES, serveTestTopics, testTopic } from './test-topics-server';

const CREATED_ID = '5d2c9e41-7a0b-4c3f-8e6d-1f9b2a7c4e30';

/** An email-trial user at /tags with #beach in an unsaved list; POST /api/topics fails while `isDown()`. */
function openUnsavedList(isDown: () => boolean) {
  const server = serveTestTopics([]);
  const { calls } = renderApp('/tags', {
    group: 'emailTrial',
    routes: {
      ...server.routes,
      'POST /api/topics': (call) => {
        if (isDown()) throw new TypeError('Failed to fetch');
        const body = call.body as { title: string; export: string[] };
        const topic = testTopic({ topic_id: CREATED_ID, title: body.title, export: body.export });
        return { status: 201, body: { [CREATED_ID]: topic } };
      },
      ...EMPTY_SEARCH_SCREEN_ROUTES,
    },
  });
  act(() => useExportList.getState().add({ hashtag: 'beach', count: 1000 }));
  return { posts: () => calls.filter((call) => call.method === 'POST' && call.url === '/api/topics').length };
}

async function saveAs(name: string) {
  const save = await screen.findByRole('button', { name: 'Save', hidden: true });
  await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('false'));
  fireEvent.click(save);
  const dialog = await screen.findByRole('dialog', { name: 'Save collection', hidden: true });
  const field = within(dialog).getByLabelText<HTMLInputElement>('Collection name');
  const before = field.value;
  fireEvent.change(field, { target: { value: name } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save', hidden: true }));
  return before;
}

describe('saving a collection without a connection', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    resetApp();
  });

  it('asks for the name at once, says it could not save, and keeps the name for the next try', async () => {
    let isOffline = true;
    const { posts } = openUnsavedList(() => isOffline);
    act(() => onlineManager.setOnline(false));

    await saveAs('Beach days');
    await screen.findByText('Could not save: Could not reach Tagscout. Check your connection and try again.');
    expect(screen.queryByRole('dialog', { name: 'Save collection', hidden: true })).toBeNull();
    expect(useExportList.getState().topic.topicId).toBeNull();

    isOffline = false;
    await act(async () => onlineManager.setOnline(true));
    // Back online nothing is sent or opens by itself; the next Save offers the name typed before.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(posts()).toBe(1);
    expect(screen.queryByRole('dialog', { name: 'Save collection', hidden: true })).toBeNull();
    expect(await saveAs('Beach days')).toBe('Beach days');
    await screen.findByText('Collection saved');
    await waitFor(() => expect(useExportList.getState().topic.topicId).toBe(CREATED_ID));
  });
});
