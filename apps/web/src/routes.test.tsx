import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './test-app';
import { resetApp } from './test-reset';

// The route table's redirects (docs/product-rules.md#screens-and-routes), in the whole app.
describe('routes', () => {
  afterEach(resetApp);

  it.each(['/no/such/page', '/tags', '/prospecting'])(
    'sends a signed-out visitor from %s to the limited search',
    async (path) => {
      const { currentPath } = renderApp(path);
      await screen.findByRole('textbox', { name: 'Search text' });
      expect(currentPath()).toBe('/try');
    },
  );
});
