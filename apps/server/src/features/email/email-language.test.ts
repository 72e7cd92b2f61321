import { describe, expect, it } from 'vitest';
import { emailLanguageOf } from './email-language.js';

describe('the language of an email', () => {
  it.each([
    ['pt', 'pt'],
    ['PT', 'pt'],
    ['pt-BR', 'pt'],
    ['pt-PT,en;q=0.5', 'pt'],
    ['pt;q=0.9', 'pt'],
    ['pt_BR', 'en'],
    ['portuguese', 'en'],
    ['de-DE,pt;q=0.8', 'en'],
    ['en', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const)('from Accept-Language %j is %j', (header, language) => {
    expect(emailLanguageOf(header)).toBe(language);
  });
});
