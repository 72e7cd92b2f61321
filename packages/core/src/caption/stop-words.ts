/// <reference path="./stopword.d.ts" />
import stopword from 'stopword';

/**
 * Stop words from the `stopword` package (62 languages, ISO 639-3 codes). A text's declared
 * languages (a Bluesky post's `langs`, BCP 47) add theirs to the common ones, which every text
 * drops: most texts say nothing of their language, and the same list must hold when the table is
 * built and when a caption asks.
 */
const ISO_639_3: Record<string, string[]> = {
  af: ['afr'],
  ar: ['ara'],
  bg: ['bul'],
  bn: ['ben'],
  ca: ['cat'],
  cs: ['ces'],
  da: ['dan'],
  de: ['deu'],
  el: ['ell'],
  en: ['eng'],
  es: ['spa'],
  et: ['est'],
  eu: ['eus'],
  fa: ['fas'],
  fi: ['fin'],
  fr: ['fra'],
  ga: ['gle'],
  gl: ['glg'],
  he: ['heb'],
  hi: ['hin'],
  hr: ['hrv'],
  hu: ['hun'],
  hy: ['hye'],
  id: ['ind'],
  it: ['ita'],
  ja: ['jpn'],
  ko: ['kor'],
  lt: ['lit'],
  lv: ['lav'],
  mr: ['mar'],
  ms: ['msa'],
  nb: ['nob'],
  nl: ['nld'],
  no: ['nob'],
  pl: ['pol'],
  pt: ['por', 'porBr'],
  ro: ['ron'],
  ru: ['rus'],
  sk: ['slk'],
  sl: ['slv'],
  sv: ['swe'],
  th: ['tha'],
  tl: ['tgl'],
  tr: ['tur'],
  uk: ['ukr'],
  ur: ['urd'],
  vi: ['vie'],
  zh: ['zho'],
};

/** Languages whose stop words every text drops: the app's two and the most common others on the networks. */
const COMMON_LANGUAGES = ['en', 'pt', 'es', 'fr', 'de', 'it'];

const common = wordsOf(COMMON_LANGUAGES);
const byLanguage = new Map<string, ReadonlySet<string>>();

/** The stop words of the common languages and of `langs` (BCP 47 tags such as `pt-BR`). */
export function stopWordsFor(langs: readonly string[] = []): ReadonlySet<string> {
  const extra = langs
    .map((lang) => lang.toLowerCase().split('-')[0]!)
    .filter((lang) => !COMMON_LANGUAGES.includes(lang) && ISO_639_3[lang]);
  if (extra.length === 0) return common;
  const key = [...new Set(extra)].sort().join(',');
  let words = byLanguage.get(key);
  if (!words) {
    words = new Set([...common, ...wordsOf(extra)]);
    byLanguage.set(key, words);
  }
  return words;
}

function wordsOf(langs: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const lang of langs) {
    for (const code of ISO_639_3[lang] ?? []) {
      for (const word of stopword[code] ?? []) words.add(word.normalize('NFC').toLowerCase());
    }
  }
  return words;
}
