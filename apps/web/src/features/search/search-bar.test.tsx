import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { theme } from '../../theme';
import { SearchBar } from './search-bar';
import { useSearch } from './search-store';

function renderBar() {
  serveFakeApi({ 'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <SearchBar />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('the search bar', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useSearch.getState().reset();
  });

  it('says why profiles cannot be searched yet, and stays on the tab in use', async () => {
    renderBar();
    fireEvent.click(screen.getByRole('tab', { name: 'Profiles' }));
    const note = await screen.findByText(
      'Searching profiles is not available yet: search tags or places for now.',
    );
    expect(screen.getByRole('tab', { name: 'Profiles' }).getAttribute('aria-describedby')).toBe(
      note.closest('[id]')?.id,
    );
    expect(useSearch.getState().kind).toBe('tags');
    expect(screen.getByRole('tab', { name: 'Tags' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Places' }));
    expect(screen.queryByText(/Searching profiles is not available yet/)).toBeNull();
    expect(useSearch.getState().kind).toBe('places');
  });

  // Issue 33: MUI's tabs measure the page after each draw of theirs, and the bar drew them on every
  // keystroke and every search, forcing a layout of the whole page each time.
  it('measures nothing on the page while the user types and searches', async () => {
    renderBar();
    await screen.findByRole('tab', { name: 'Tags' });
    const measure = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const box = screen.getByRole('textbox', { name: 'Search text' });
    for (const text of ['t', 'tr', 'tra']) fireEvent.change(box, { target: { value: text } });
    await act(() => useSearch.getState().search('tra'));
    expect(useSearch.getState().text).toBe('tra');
    expect(measure).not.toHaveBeenCalled();
  });
});
