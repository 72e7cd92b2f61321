import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { type TestGroup, testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { useExportList } from '../export/export-store';
import { DEFAULT_SETTINGS, useSettings } from '../settings/settings-store';
import { CaptionSuggestions } from './caption-suggestions';

const answer = {
  network: 'sample',
  words: ['golden', 'hour', 'beach'],
  given: [],
  suggestions: [
    { hashtag: 'beach', count: 1_200_000, score: 1, authors: 40, words: ['beach'] },
    { hashtag: 'goldenhour', count: 5_000, score: 0.8, authors: 12, words: ['golden', 'hour'] },
  ],
};

function renderSuggestions(text: string, group: TestGroup = 'CBcustomer') {
  useSession.setState(testSession(group));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CaptionSuggestions text={text} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('tags for the words of a pasted caption', () => {
  beforeEach(() => {
    useSettings.setState(DEFAULT_SETTINGS);
    void i18n.changeLanguage('en');
  });
  afterEach(resetApp);

  it('asks with the text, says which words it read, and adds a tag with one click', async () => {
    const calls = serveFakeApi({ 'POST /api/suggest/caption': { body: answer } });
    renderSuggestions('Golden hour at the beach');
    const chips = await screen.findByTestId('caption-suggestions');
    expect(calls.map((call) => call.body)).toEqual([{ text: 'Golden hour at the beach', limit: 20 }]);
    expect(screen.getByText(/From your words: golden, hour, beach/)).toBeTruthy();
    const add = within(chips).getByRole('button', { name: 'Add #goldenhour to the list' });
    expect(add.getAttribute('title')).toBe('People use it with: golden, hour');
    fireEvent.click(add);
    expect(useExportList.getState().tags.map((tag) => tag.hashtag)).toEqual(['goldenhour']);
    // Now in the list: said so, and no second add.
    expect(within(chips).getByLabelText('#goldenhour is in the list')).toBeTruthy();
    expect(within(chips).queryByRole('button', { name: 'Add #goldenhour to the list' })).toBeNull();
  });

  it('is reachable from the keyboard: Enter on a tag adds it', async () => {
    serveFakeApi({ 'POST /api/suggest/caption': { body: answer } });
    renderSuggestions('Golden hour at the beach');
    const add = await screen.findByRole('button', { name: 'Add #beach to the list' });
    add.focus();
    fireEvent.keyUp(add, { key: 'Enter' });
    fireEvent.keyDown(add, { key: 'Enter' });
    expect(useExportList.getState().tags.map((tag) => tag.hashtag)).toEqual(['beach']);
  });

  it('says in Portuguese when the words find nothing, and when there are no words at all', async () => {
    void i18n.changeLanguage('pt');
    serveFakeApi({
      'POST /api/suggest/caption': (call) => ({
        body: {
          ...answer,
          words: (call.body as { text: string }).text === '😀' ? [] : ['xilofone'],
          suggestions: [],
        },
      }),
    });
    renderSuggestions('xilofone');
    expect(screen.getByRole('status').textContent).toBe('Buscando tags para as suas palavras');
    expect(await screen.findByText(/Ainda não há tags para estas palavras/)).toBeTruthy();
    cleanup();
    renderSuggestions('😀');
    expect(await screen.findByText(/Sem palavras para usar/)).toBeTruthy();
  });

  it('shows what went wrong when the server fails, and says a caption is too long before asking', async () => {
    const calls = serveFakeApi({
      'POST /api/suggest/caption': {
        status: 503,
        body: { error: { code: 'unavailable', message: 'The store is busy' } },
      },
    });
    renderSuggestions('beach day');
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('errors.unavailable'));
    cleanup();
    renderSuggestions('x'.repeat(2201));
    expect(screen.getByRole('alert').textContent).toBe(
      'A caption is at most 2,200 characters; this one has 2,201. Shorten it to get tags for its words.',
    );
    expect(calls).toHaveLength(1);
  });

  it('lets a visitor with a daily allowance choose to spend a related search, and shows what the free version holds back', async () => {
    const calls = serveFakeApi({
      'POST /api/suggest/caption': { body: { ...answer, suggestions: answer.suggestions, hidden: 8 } },
    });
    renderSuggestions('Golden hour at the beach', 'expiredTrial');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Suggest tags for these words' }));
    await screen.findByTestId('caption-suggestions');
    expect(calls).toHaveLength(1);
    expect(screen.getByText(/8 more suggestions with the full version/)).toBeTruthy();
  });
});
