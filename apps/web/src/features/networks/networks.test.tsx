import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentProps, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer, notServed } from '../../api/contract-test-helpers';
import { useRowText } from '../../components/row-text';
import { i18n } from '../../i18n/i18n';
import { DEFAULT_SETTINGS, useSettings } from '../settings/settings-store';
import { NetworkPicker } from './network-picker';
import { TrendCell } from './trend-cell';
import { TrendingNow } from './trending-now';
import { formatWeekChange } from './week-change';

type Answer = { status?: number; body: unknown };

/** fetch answering by path (without the query string), recording every URL asked. */
function serve(routes: Record<string, Answer>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      asked.push(url);
      const path = new URL(url, 'http://app').pathname;
      const answer = routes[path];
      if (!answer) notServed({ url, ...init });
      return contractAnswer({ url, ...init }, answer.body, { status: answer.status });
    }),
  );
  return asked;
}

function renderWith(node: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );
}

const networks = { default: 'bluesky', networks: ['bluesky', 'sample'] };
const trendingOn = (network: string) => ({
  network,
  as_of: '2026-11-23T12:00:00.000Z',
  trending: [
    { hashtag: 'eclipse', count: 30, last_24_hours: 30, previous_24_hours: 0, authors: 21, growth: 1.5 },
    { hashtag: 'food', count: 400, last_24_hours: 300, previous_24_hours: 100, authors: 180, growth: 1.67 },
  ],
});

describe('networks and trends in the app', () => {
  beforeEach(() => useSettings.setState(DEFAULT_SETTINGS));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('offers the networks holding data, the sample as "Sample data", and remembers the choice', async () => {
    const asked = serve({
      '/api/networks': { body: networks },
      '/api/trends/now': { body: trendingOn('sample') },
    });
    renderWith(<NetworkPicker />);
    const picker = await screen.findByRole('combobox', { name: 'Network' });
    expect(picker.textContent).toBe('Bluesky');
    fireEvent.mouseDown(picker);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Bluesky', 'Sample data']);
    fireEvent.click(options[1]!);
    expect(useSettings.getState().searchNetwork).toBe('sample');
    expect(JSON.parse(localStorage.getItem('settings')!).state.searchNetwork).toBe('sample');
    expect(asked).toEqual(['/api/networks']);
  });

  it('shows what is trending on the current network, and searches a tag when chosen', async () => {
    useSettings.setState({ searchNetwork: 'sample' });
    const asked = serve({
      '/api/networks': { body: networks },
      '/api/trends/now': { body: trendingOn('sample') },
    });
    const onPick = vi.fn();
    renderWith(<TrendingNow onPick={onPick} />);
    await screen.findByRole('heading', { name: 'Trending now on Sample data' });
    const tags = await screen.findAllByTestId('trending-tag');
    expect(tags.map((tag) => tag.textContent)).toEqual(['#eclipse new', '#food +200%']);
    expect(tags[1]!.getAttribute('aria-label')).toBe(
      'Search #food: 300 uses in the last 24 hours, 100 the 24 hours before, by 180 people',
    );
    // "+200%" is a day's growth, not the week's of a tag's trend: said beside the heading, and on hover.
    expect(screen.getByText('Growth in the last 24 hours, on the 24 before')).toBeTruthy();
    expect(tags[1]!.getAttribute('title')).toBe(tags[1]!.getAttribute('aria-label'));
    fireEvent.click(tags[1]!);
    expect(onPick).toHaveBeenCalledWith('food');
    expect(asked).toContain('/api/trends/now?network=sample&limit=12');
  });

  it('names the network in Portuguese as Portuguese does (never "no Dados de exemplo")', async () => {
    useSettings.setState({ searchNetwork: 'sample' });
    serve({
      '/api/networks': { body: networks },
      '/api/trends/now': { body: trendingOn('sample') },
    });
    await i18n.changeLanguage('pt');
    try {
      renderWith(<TrendingNow onPick={vi.fn()} />);
      await screen.findByRole('heading', { name: 'Em alta agora: Dados de exemplo' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says when nothing is trending, and when trending tags could not be loaded', async () => {
    serve({
      '/api/networks': { body: networks },
      '/api/trends/now': { body: { network: 'bluesky', as_of: '2026-11-23T12:00:00.000Z', trending: [] } },
    });
    renderWith(<TrendingNow onPick={() => {}} />);
    await screen.findByText('Nothing is trending on this network in the last 24 hours.');
    cleanup();
    serve({
      '/api/networks': { body: networks },
      '/api/trends/now': {
        status: 503,
        body: { error: { code: 'unavailable', message: 'Busy, try again.' } },
      },
    });
    renderWith(<TrendingNow onPick={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Busy, try again.');
  });

  it('shows a tag trend as a sparkline with the week-on-week change, and says it for screen readers', () => {
    const trend = {
      hashtag: 'travel',
      daily: [...new Array(23).fill(2), 5, 5, 5, 5, 5, 5, 5],
      last_7_days: 35,
      last_30_days: 81,
      week_change: 1.5,
    };
    renderWith(<TrendCellWithText hashtag="travel" trend={trend} isLoading={false} />);
    const button = screen.getByRole('button', {
      name: /^Trend of #travel: 35 uses in the last 7 days, 81 in/,
    });
    expect(button.getAttribute('aria-label')).toContain('+150% on the week before');
    // What "+150%" is a change of, for the eye too: a row of the export list has no column heading.
    expect(button.getAttribute('title')).toBe(
      'Trend of #travel: 35 uses in the last 7 days, 81 in the last 30; +150% on the week before. Open the chart.',
    );
    expect(
      screen.getByTestId('sparkline').querySelector('polyline')?.getAttribute('points')?.split(' '),
    ).toHaveLength(30);
    cleanup();
    renderWith(<TrendCellWithText hashtag="travel" trend={trend} isLoading={false} days={7} />);
    expect(
      screen.getByTestId('sparkline').querySelector('polyline')?.getAttribute('points')?.split(' '),
    ).toHaveLength(7);
  });

  it('formats the week-on-week change', () => {
    expect(formatWeekChange(0.25, 'en')).toBe('+25%');
    expect(formatWeekChange(-0.4, 'en')).toBe('-40%');
    expect(formatWeekChange(0.031, 'en')).toBe('+3.1%');
    expect(formatWeekChange(null, 'en')).toBeUndefined();
    expect(formatWeekChange(0.25, 'pt-BR')).toMatch(/^\+25\s?%$/);
  });
});

/** A trend cell as a table gives it, with the table's translations. */
function TrendCellWithText(props: Omit<ComponentProps<typeof TrendCell>, 'text'>) {
  return <TrendCell {...props} text={useRowText()} />;
}
