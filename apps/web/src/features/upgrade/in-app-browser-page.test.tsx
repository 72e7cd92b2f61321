import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-app';
import { resetApp } from '../../test-reset';

const INSTAGRAM_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 620138398)';
const TIKTOK_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.0.0 Mobile Safari/537.36 musical_ly_2023405030 AppName/musical_ly BytedanceWebview/d8a21c6';

let clipboard: string[];

describe('/inAppBrowser', () => {
  beforeEach(() => {
    clipboard = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void clipboard.push(text) },
    });
  });
  afterEach(() => {
    resetApp();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it.each([
    ['Instagram', INSTAGRAM_UA, 'Choose Open in Safari'],
    ['TikTok', TIKTOK_UA, 'Choose Open in browser'],
  ])(
    "sends a visitor in %s's own browser there from the search: how to leave it, and the link to copy",
    async (_, userAgent, openStep) => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
      const { currentPath } = renderApp('/try');
      await screen.findByRole('heading', { level: 1, name: 'Open Tagscout in your browser' });
      expect(currentPath()).toBe('/inAppBrowser');
      const steps = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(steps.map((step) => step.textContent?.trim())).toEqual([
        'Tap the menu at the top of the screen',
        openStep,
      ]);

      fireEvent.click(screen.getByRole('button', { name: 'Copy the link' }));
      await screen.findByRole('button', { name: 'Link copied' });
      expect(clipboard).toEqual([window.location.origin]);
    },
  );

  it('leaves a visitor in an ordinary browser on the search', async () => {
    const { currentPath } = renderApp('/try');
    await screen.findByRole('textbox', { name: 'Search text' });
    expect(currentPath()).toBe('/try');
  });
});
