import { afterEach, describe, expect, it, vi } from 'vitest';
import { send } from '../api/client';
import { i18n } from './i18n';

/** A browser whose languages are these: what the app's language detection reads. */
function useBrowserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0]!);
}

// The page's lang attribute follows the app's language: screen readers, hyphenation and the browser's
// offer to translate read it.
describe("the page's language", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it("is pt-BR in a Portuguese browser and en in an English one, as the app's language", async () => {
    useBrowserLanguages(['pt-BR', 'pt']);
    // Without a language the app detects one again, as on a page load.
    await i18n.changeLanguage();
    expect(i18n.resolvedLanguage).toBe('pt');
    expect(document.documentElement.lang).toBe('pt-BR');

    useBrowserLanguages(['en-US', 'en']);
    await i18n.changeLanguage();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('follows a language chosen in the app', async () => {
    useBrowserLanguages(['en-US', 'en']);
    await i18n.changeLanguage('pt');
    expect(document.documentElement.lang).toBe('pt-BR');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('goes with every call to the server, which writes its emails in it', async () => {
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return Response.json({});
    });
    try {
      await i18n.changeLanguage('pt');
      await send('/api/account/forgot-password', { method: 'POST' });
      await i18n.changeLanguage('en');
      await send('/api/account/forgot-password', { method: 'POST' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent.map((headers) => headers.get('accept-language'))).toEqual(['pt-BR', 'en']);
  });
});
