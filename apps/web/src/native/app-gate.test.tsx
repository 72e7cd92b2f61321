import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer, notServed } from '../api/contract-test-helpers';
import '../i18n/i18n';
import { AppGate } from './app-gate';
import type { StorePlatform } from './native-platform';

const native = vi.hoisted(() => ({ platform: null as StorePlatform | null, opened: [] as string[] }));
vi.mock('./native-platform', () => ({
  storePlatform: () => native.platform,
  openStorePage: (url: string) => native.opened.push(url),
}));

let answers: Record<string, unknown> = {};

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppGate />
        <Routes>
          <Route path="/tags" element={<p>search screen</p>} />
          <Route path="/landingPage" element={<p>landing screen</p>} />
          <Route path="/inAppBrowser" element={<p>in-app browser screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AppGate', () => {
  beforeEach(() => {
    answers = {};
    native.opened = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const answer = answers[url.split('?')[0]!];
        if (!answer) notServed({ url, ...init });
        return contractAnswer({ url, ...init }, answer);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    native.platform = null;
  });

  it('shows the forced update in the app when the server says so, and the button opens the store', async () => {
    native.platform = 'ios';
    answers['/api/version/check'] = {
      shouldUpdate: true,
      storeUrl: 'https://apps.apple.com/app/tagscout/id1',
    };
    renderAt('/tags');
    const dialog = await screen.findByRole('dialog', { name: 'Update Tagscout' });
    expect(dialog.textContent).toContain('You must upgrade the product to continue.');
    fireEvent.click(screen.getByRole('button', { name: 'Update on the App Store' }));
    expect(native.opened).toEqual(['https://apps.apple.com/app/tagscout/id1']);
  });

  it('lets a current app through', async () => {
    native.platform = 'android';
    answers['/api/version/check'] = { shouldUpdate: false, storeUrl: 'https://play.google.com/x' };
    renderAt('/tags');
    await screen.findByText('search screen');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends web visitors to /landingPage when the web build is app-only, but not from /inAppBrowser', async () => {
    answers['/api/app/config'] = { webAppOnly: true, storeUrls: { ios: 'i', android: 'a' } };
    renderAt('/tags');
    await screen.findByText('landing screen');
    cleanup();
    renderAt('/inAppBrowser');
    await screen.findByText('in-app browser screen');
    expect(screen.queryByText('landing screen')).toBeNull();
  });
});
