/** The languages Tagscout writes email in: the app's own. */
export type EmailLanguage = 'en' | 'pt';

/**
 * The language of an email a request causes: the first language of its Accept-Language (the app
 * sends the language it shows), Portuguese for any Portuguese, else English.
 */
export function emailLanguageOf(acceptLanguage: string | null | undefined): EmailLanguage {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'pt' || first.startsWith('pt-') || first.startsWith('pt;') ? 'pt' : 'en';
}

/** emailLanguageOf a request's headers (an AuthRequest's, or Better Auth's context's). */
export function emailLanguageOfHeaders(headers: Headers | undefined): EmailLanguage {
  return emailLanguageOf(headers?.get('accept-language'));
}
