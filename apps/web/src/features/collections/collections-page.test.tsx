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

const TRIP_ID = '3d0c4b1e-7a2f-4c6d-8e9b-1f2a3b4c5d6e';
const UNTITLED_ID = '9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5';

/** An email-trial user's two collections: 'Weekend trip' (3 tags), then an untitled one (2) saved later. */
function openApp(path: string): {
  server: TestTopicsServer;
  puts: () => unknown[];
  currentPath: () => string;
} {
  const server = serveTestTopics([
    testTopic({
      topic_id: TRIP_ID,
      title: 'Weekend trip',
      export: ['travel', 'food', 'foodie'],
      exportFilters: { postCount: [1000, null], selectionStrategy: 'lowestPostCount', selectionCount: 29 },
    }),
    testTopic({
      topic_id: UNTITLED_ID,
      title: '(untitled)',
      export: ['beach', 'sunset'],
      modified: 1_764_000_100_000,
    }),
  ]);
  const { calls, currentPath } = renderApp(path, {
    group: 'emailTrial',
    routes: {
      ...server.routes,
      ...EMPTY_SEARCH_SCREEN_ROUTES,
    },
  });
  const puts = () =>
    calls
      .filter((call) => call.method === 'PUT' && call.url.startsWith('/api/topics/'))
      .map((call) => call.body);
  return { server, puts, currentPath };
}

const title = () => screen.queryByTestId('topic-title')?.textContent;
const rowTexts = () =>
  screen
    .queryAllByTestId('collection-row')
    .map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent));
const exportList = () =>
  within(screen.getByRole('list', { name: 'Export list', hidden: true }))
    .getAllByRole('checkbox', { hidden: true })
    .map((box) => box.getAttribute('aria-label'));
const button = (name: string, container: HTMLElement = document.body) =>
  within(container).getByRole('button', { name, hidden: true });

describe('collections', () => {
  afterEach(resetApp);

  it('lists them newest first with their counts, and deletes each after asking, down to the empty screen', async () => {
    const { server } = openApp('/collections');
    await screen.findAllByTestId('collection-row');
    expect(rowTexts()).toEqual([
      ['(untitled)', '2'],
      ['Weekend trip', '3'],
    ]);

    fireEvent.click(button('Delete Weekend trip'));
    const confirm = await screen.findByRole('dialog', {
      name: 'Delete hashtag Collection Weekend trip?',
      hidden: true,
    });
    expect(confirm.textContent).toContain('Its 3 hashtags will be deleted with it.');
    fireEvent.click(button('Delete', confirm));
    await waitFor(() => expect(rowTexts()).toEqual([['(untitled)', '2']]));
    expect([...server.stored.keys()]).toEqual([UNTITLED_ID]);
    // The deleted row's button went with it: the focus is on the row that stays, not on the page.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Open (untitled)'));

    fireEvent.click(button('Delete (untitled)'));
    const second = await screen.findByRole('dialog', {
      name: 'Delete hashtag Collection (untitled)?',
      hidden: true,
    });
    fireEvent.click(button('Delete', second));
    await screen.findByText('No Collection Found');
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    expect(screen.getByText('Search for hashtags and save to a collection!')).toBeTruthy();
    expect(server.stored.size).toBe(0);
  });

  it('asks before opening another collection over changes: Keep editing stays, Discard changes opens it', async () => {
    const { currentPath } = openApp(`/tags/${TRIP_ID}`);
    await waitFor(() => expect(title()).toBe('Weekend trip'));
    fireEvent.click(button('Filters'));
    fireEvent.change(screen.getByLabelText('Min posts'), { target: { value: '' } });
    await waitFor(() => expect(title()).toBe('Weekend trip*(unsaved changes)'));

    const openUntitled = async () => {
      fireEvent.click(button('Open menu'));
      fireEvent.click(
        within(screen.getByRole('navigation', { hidden: true })).getByRole('link', {
          name: 'Collections',
          hidden: true,
        }),
      );
      await screen.findAllByTestId('collection-row');
      fireEvent.click(screen.getByRole('row', { name: 'Open (untitled)', hidden: true }));
      return screen.findByRole('dialog', { name: 'Save your changes?', hidden: true });
    };
    let unsaved = await openUntitled();
    expect(unsaved.textContent).toContain('Weekend trip has changes that are not saved yet.');
    fireEvent.click(button('Keep editing', unsaved));
    await waitFor(() => expect(currentPath()).toBe(`/tags/${TRIP_ID}`));
    await waitFor(() => expect(title()).toBe('Weekend trip*(unsaved changes)'));
    expect(exportList()).toEqual(['#travel', '#food', '#foodie']);

    unsaved = await openUntitled();
    fireEvent.click(button('Discard changes', unsaved));
    await waitFor(() => expect(title()).toBe('(untitled)'));
    expect(exportList()).toEqual(['#beach', '#sunset']);
  });

  it('counts a rename as a change, and Save writes the new name', async () => {
    const { server, puts } = openApp(`/tags/${TRIP_ID}`);
    await waitFor(() => expect(title()).toBe('Weekend trip'));
    fireEvent.click(button('Rename collection'));
    const rename = await screen.findByRole('dialog', { name: 'Rename collection', hidden: true });
    fireEvent.change(within(rename).getByRole('textbox', { name: 'Collection name' }), {
      target: { value: 'Weekend trip 2' },
    });
    fireEvent.click(button('Rename', rename));
    await waitFor(() => expect(title()).toBe('Weekend trip 2*(unsaved changes)'));

    fireEvent.click(button('Save'));
    await waitFor(() => expect(title()).toBe('Weekend trip 2'));
    expect(server.stored.get(TRIP_ID)?.title).toBe('Weekend trip 2');
    expect(puts()).toMatchObject([{ title: 'Weekend trip 2', export: ['travel', 'food', 'foodie'] }]);
  });
});
