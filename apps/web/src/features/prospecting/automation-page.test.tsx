import { AUTOMATION_TEMPLATE_DEFAULTS } from '@tagscout/core/quarries';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer, notServed } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { AutomationPage } from './automation-page';

const TEMPLATE_URL = '/api/quarries/automation-template';

/** The bodies of the PUTs the page sent. */
const saved: Record<string, unknown>[] = [];

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AutomationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save template' }) as HTMLButtonElement;

async function type(name: string, value: string) {
  await act(async () => {
    fireEvent.change(field(name), { target: { value } });
  });
}

describe('the automation settings template page', () => {
  beforeEach(() => {
    saved.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (url === TEMPLATE_URL && method === 'GET')
          return contractAnswer(
            { url, ...init },
            // The server keeps the last template saved, as the real one does per account.
            saved.length > 0
              ? { template: saved.at(-1), updated_at: '2026-06-01T12:00:00.000Z' }
              : { template: AUTOMATION_TEMPLATE_DEFAULTS, updated_at: null },
          );
        if (url === TEMPLATE_URL && method === 'PUT') {
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          saved.push(body);
          return contractAnswer({ url, ...init }, { template: body, updated_at: '2026-06-01T12:00:00.000Z' });
        }
        notServed({ url, ...init });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts from the defaults and says it automates nothing', async () => {
    renderPage();
    await screen.findByRole('form', { name: 'Automation settings template' });
    expect(screen.getByText(/Tagscout does not like, follow or unfollow/)).toBeTruthy();
    expect(field('Min likes on a post').value).toBe('2');
    expect(field('Max likes on a post').value).toBe('500');
    expect(field('Unfollow after (days)').value).toBe('5');
    expect(field('Potency ratio').value).toBe('0.2');
  });

  it('holds the save while a value breaks the rules, then sends the template it shows, and shows it after a reload', async () => {
    renderPage();
    await screen.findByRole('form', { name: 'Automation settings template' });

    await type('Posts per tag, min', '30');
    expect(screen.getByText(/Some values are not valid/).closest('[role="alert"]')).not.toBeNull();
    expect(field('Posts per tag, min').getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);

    await type('Posts per tag, min', '21');
    await type('Unfollow after (days)', '3');
    await type('Template name', 'Istanbul cafés');
    expect(screen.queryByText(/Some values are not valid/)).toBeNull();
    await act(async () => {
      fireEvent.click(saveButton());
    });

    await screen.findByText('Template saved.');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      title: 'Istanbul cafés',
      likeByTags: { min: 21 },
      unfollow: { after_days: 3 },
    });

    // A reload: the page starts again from the template the server keeps.
    cleanup();
    renderPage();
    await screen.findByRole('form', { name: 'Automation settings template' });
    await vi.waitFor(() => expect(field('Template name').value).toBe('Istanbul cafés'));
    expect(field('Posts per tag, min').value).toBe('21');
    expect(field('Unfollow after (days)').value).toBe('3');
  });
});
