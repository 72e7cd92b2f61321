import { SUGGEST_LIMITS } from '@tagscout/core/api';
import { ANY_NETWORK, normalizeHashtag } from '@tagscout/core/hashtags';
import { api, dataOf } from '../../api/typed-client';
import { networkQuery } from '../networks/networks-api';

/** Suggestions for the export list: its last 30 tags are the list the server is asked about. */
export function fetchSuggestions(tags: readonly string[], limit = 10) {
  const given = tags.slice(-SUGGEST_LIMITS.tags).join(',');
  return dataOf(
    api.GET('/api/suggest/hashtags', { params: { query: { tags: given, limit, ...networkQuery() } } }),
  );
}

/**
 * The tags of a pasted caption (core's rules: #tags, lower-cased, unique) or, when it has no #, of a
 * plain list separated by spaces, commas or lines, each a tag of any network (k-pop as well as foo_).
 * A caption written without # has none ("Tags for your words" reads its words instead). A caption's
 * reader (twitter-text and its polyfills) is loaded on the first paste, not with the app.
 */
export async function tagsOfPastedText(text: string): Promise<string[]> {
  if (text.includes('#')) return (await import('./caption-hashtags')).extractHashtags(text);
  if (readsAsSentences(text)) return [];
  const names = text
    .split(/[\s,;]+/)
    .map((word) => normalizeHashtag(word, ANY_NETWORK))
    .filter((name): name is string => name !== null);
  return [...new Set(names)];
}

/**
 * Words that sentences are full of and that are nobody's tag, in English, Portuguese and Spanish (not
 * short ones that are also tags: la, de, it, es, in, no, my).
 */
const SENTENCE_WORDS = new Set(
  (
    'the and with at of for from this that our your are was were been ' +
    'com para uma um os dos das nos nas pelo pela muito ' +
    'con por una del muy'
  ).split(' '),
);

/**
 * Whether a text without # is a caption rather than a list: one of its lines or comma-separated
 * parts has three or more words (a tag has no space), a fifth or more of them sentence words
 * ("Sunset at the beach, with my friends"; "viagem praia sol" and "travel la beach" are lists).
 */
function readsAsSentences(text: string): boolean {
  return text.split(/[,;\n]/).some((part) => {
    const words = part
      .toLowerCase()
      .split(/\s+/)
      .map((word) => word.replace(/[.!?:]+$/u, ''))
      .filter(Boolean);
    const sentenceWords = words.filter((word) => SENTENCE_WORDS.has(word)).length;
    return words.length >= 3 && sentenceWords > 0 && sentenceWords * 5 >= words.length;
  });
}
