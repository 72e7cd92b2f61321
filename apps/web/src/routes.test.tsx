import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, useSession } from './shell/session-store';
import { renderApp } from './test-app';

// The route table's redirects (docs/product-rules.md#screens-and-routes), in the whole app.
describe('routes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    useSession.setState(SIGNED_OUT);
  });

  it.each(['/no/such/page', '/tags', '/prospecting'])(
    'sends a signed-out visitor from %s to the limited search',
    async (path) => {
      const { currentPath } = renderApp(path);
      await screen.findByRole('textbox', { name: 'Search text' });
      expect(currentPath()).toBe('/try');
    },
  );
});
