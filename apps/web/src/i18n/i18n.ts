import i18n, { type ParseKeys } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import pt from './pt.json';

export const SUPPORTED_LANGUAGES = ['en', 'pt'] as const;

/** A key of en.json (pt.json has the same), as t() takes it (i18next.d.ts). */
export type TranslationKey = ParseKeys;

/** The keys under a prefix, without it: `TranslationKeyUnder<'help.videos'>` is 'title' | 'text' | ... */
export type TranslationKeyUnder<Prefix extends string> = KeysUnder<TranslationKey, Prefix>;

type KeysUnder<Key, Prefix extends string> = Key extends `${Prefix}.${infer Rest}` ? Rest : never;

// English and Portuguese, chosen from a stored choice, then the browser; pt-BR and pt-PT both map to pt.
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, pt: { translation: pt } },
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
