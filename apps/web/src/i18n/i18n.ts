import i18n, { type BackendModule, type ParseKeys } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

export const SUPPORTED_LANGUAGES = ['en', 'pt'] as const;

/** A key of en.json (pt.json has the same), as t() takes it (i18next.d.ts). */
export type TranslationKey = ParseKeys;

/** The keys under a prefix, without it: `TranslationKeyUnder<'help.videos'>` is 'title' | 'text' | ... */
export type TranslationKeyUnder<Prefix extends string> = KeysUnder<TranslationKey, Prefix>;

type KeysUnder<Key, Prefix extends string> = Key extends `${Prefix}.${infer Rest}` ? Rest : never;

/**
 * Portuguese is fetched when it is chosen (by a stored choice or the browser): an English visitor's
 * first load does not carry it (issue 33). English, the fallback, comes with the app.
 */
const portugueseOnDemand: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (language !== 'pt') return callback(null, {});
    import('./pt.json').then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

// English and Portuguese, chosen from a stored choice, then the browser; pt-BR and pt-PT both map to pt.
/** Settles once the visitor's language is loaded: the app renders after it (main.tsx), never in a flash of English. */
export const i18nReady = i18n
  .use(LanguageDetector)
  .use(portugueseOnDemand)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    supportedLngs: SUPPORTED_LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: 'language', caches: [] },
  });

// The page's lang attribute follows the language (screen readers, hyphenation, the browser's translate offer).
const setPageLanguage = (language: string) => {
  if (typeof document !== 'undefined')
    document.documentElement.lang = language.startsWith('pt') ? 'pt-BR' : 'en';
};
setPageLanguage(i18n.resolvedLanguage ?? i18n.language ?? 'en');
i18n.on('languageChanged', setPageLanguage);

export { i18n };
