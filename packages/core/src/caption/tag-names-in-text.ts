import { textWithoutEntities } from './words-of-caption.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Consecutive words joined at most: "happy father's day" names #happyfathersday. */
const WORDS_JOINED_MAX = 3;

/**
 * Tags a caption names in its words (decision 030): each word and each run of two or three
 * consecutive words joined, lower-cased, without apostrophes ("father's day": fathers, day,
 * fathersday), stop words included (#thebeach is a tag people use). Tags, mentions and links of
 * the text are not read. The caller keeps those that are tags of the network that people use.
 */
export function tagNamesInText(text: string, max = 200): string[] {
  const names = new Set<string>();
  for (const piece of textWithoutEntities(text)) {
    const words = [...segmenter.segment(piece)]
      .filter((segment) => segment.isWordLike)
      .map((segment) => segment.segment.normalize('NFC').toLowerCase().replace(/['’]/gu, ''));
    for (let start = 0; start < words.length; start++) {
      for (let length = 1; length <= WORDS_JOINED_MAX && start + length <= words.length; length++) {
        const name = words.slice(start, start + length).join('');
        if ([...name].length > 1 && !/^\p{N}+$/u.test(name)) names.add(name);
        if (names.size >= max) return [...names];
      }
    }
  }
  return [...names];
}
