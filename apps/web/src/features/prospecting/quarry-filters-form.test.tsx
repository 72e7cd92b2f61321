import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer, notServed } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useProspecting } from './prospecting-store';
import { QuarryFiltersForm } from './quarry-filters-form';

const LISBON = { id: 'place-lisbon', title: 'Lisbon, Portugal', count: 120 };
const QUARRY_ID = '6f9619ff-8b86-4011-b42d-00c04fc964ff';

const sent: { method: string; body: unknown }[] = [];

function savedQuarry(body: Record<string, unknown>) {
  return {
    quarry_id: QUARRY_ID,
    title: body.title,
    active: true,
    hidden: false,
    new_prospects: 0,
    prospect_count: 0,
    run_count: 0,
    last_run_at: null,
    place_ids: body.place_ids,
    places: [LISBON],
    post_filters: body.post_filters,
    profile_filters: body.profile_filters,
    created: '2026-06-01T12:00:00.000Z',
    modified: '2026-06-01T12:00:00.000Z',
  };
}

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <QuarryFiltersForm />
    </QueryClientProvider>,
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save quarry' }) as HTMLButtonElement;

async function type(name: string, value: string) {
  await act(async () => {
    fireEvent.change(field(name), { target: { value } });
  });
}

describe('the quarry filters form', () => {
  beforeEach(() => {
    sent.length = 0;
    useProspecting.getState().startNewQuarry();
    useProspecting.getState().togglePlace(LISBON);
    useProspecting.getState().goToFilters();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (url === '/api/quarries/categories')
          return contractAnswer({ url, ...init }, { categories: ['Bakery'] });
        if (url === '/api/quarries' && method === 'POST') {
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          sent.push({ method, body });
          return contractAnswer({ url, ...init }, savedQuarry(body), { status: 201 });
        }
        notServed({ url, ...init });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useProspecting.getState().backToList();
  });

  it('says at once when the post age breaks the rules, and holds the save', async () => {
    renderForm();
    expect(field('Name').value).toBe('Lisbon');
    expect(saveButton().disabled).toBe(false);

    await type('Max post age', '400');
    expect(screen.getByText('Between 1 and 365 days')).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    await type('Max post age', '30');
    expect(screen.queryByText('Between 1 and 365 days')).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('says at once when min followers is above max, until either side is fixed', async () => {
    renderForm();
    await type('Min followers', '90000');
    expect(screen.getByRole('alert').textContent).toBe('Min followers must not be more than max followers.');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    // Fixed from the other side: the message goes.
    await type('Max followers', '100000');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('takes any whole number of followers, not only hundreds (the browser would refuse the save)', async () => {
    renderForm();
    await type('Max followers', '12345');
    await type('Min followers', '501');
    expect(field('Max followers').validity.valid).toBe(true);
    expect(field('Min followers').validity.valid).toBe(true);
  });

  it("holds follower counts to the contract's rules: whole numbers from 0", async () => {
    renderForm();
    await type('Min followers', '-5');
    expect(screen.getByRole('alert').textContent).toBe('Followers are a whole number, 0 or more.');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    await type('Min followers', '');
    expect(screen.getByRole('alert').textContent).toBe('Followers are a whole number, 0 or more.');
    await type('Min followers', '0');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('keeps what was typed when the admin goes back to the places', async () => {
    renderForm();
    await type('Name', 'Old town');
    await type('Max post age', '14');
    act(() => useProspecting.getState().backToPlaces());
    cleanup();
    act(() => useProspecting.getState().goToFilters());
    renderForm();
    expect(field('Name').value).toBe('Old town');
    expect(field('Max post age').value).toBe('14');
  });

  it('saves the quarry with its places and filters, then opens it', async () => {
    renderForm();
    await type('Name', '  Old town  ');
    await type('Max post age', '14');
    await type('Min followers', '1000');
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(useProspecting.getState().mode).toBe('quarry'));
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          title: 'Old town',
          place_ids: [LISBON.id],
          post_filters: { keywords: [], max_age: 14, negative_keywords: [] },
          profile_filters: {
            categories: [],
            follower_range: [1000, 50_000],
            keywords: [],
            negative_keywords: [],
          },
        },
      },
    ]);
    expect(useProspecting.getState().selectedQuarryId).toBe(QUARRY_ID);
  });
});
