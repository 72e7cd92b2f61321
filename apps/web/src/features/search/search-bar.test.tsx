import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { theme } from '../../theme';
import { SearchBar } from './search-bar';
import { useSearch } from './search-store';

describe('the search bar', () => {
  afterEach(() => {
    cleanup();
    useSearch.getState().reset();
  });

  it('says why profiles cannot be searched yet, and stays on the tab in use', async () => {
    serveFakeApi({ 'GET /api/networks': { body: { default: 'sample', networks: ['sample'] } } });
    render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <SearchBar />
        </QueryClientProvider>
      </ThemeProvider>,
    );
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
});
