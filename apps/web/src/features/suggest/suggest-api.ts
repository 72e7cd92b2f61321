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
 * Words that sentences are full of and lists of tags hardly hold, in English, Portuguese and
 * Spanish: a text separated by spaces alone whose words are a fifth or more of these reads as a
 * caption, not as a list ("Sunset at the beach with my friends"; "viagem praia sol" is a list).
 */
const SENTENCE_WORDS = new Set(
  (
    'the a an and of to in on at with for from my our your is are was this that it ' +
    'o os as um uma e de do da dos das no na nos nas em com para por que meu minha é ' +
    'el la los las un una y del en con por para mi es'
  ).split(' '),
);

function readsAsSentences(text: string): boolean {
  if (/[,;\n]/.test(text)) return false;
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[.!?:]+$/u, ''))
    .filter(Boolean);
  const sentenceWords = words.filter((word) => SENTENCE_WORDS.has(word)).length;
  return words.length >= 3 && sentenceWords * 5 >= words.length;
}
