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
 * plain list separated by spaces, commas or lines, each a tag of any network (k-pop as well as foo_),
 * less the little words a caption written without # has (the, and, de: nobody's tags). A caption's
 * reader (twitter-text and its polyfills) and the little words load on the first paste, not with the app.
 */
export async function tagsOfPastedText(text: string): Promise<string[]> {
  if (text.includes('#')) return (await import('./caption-hashtags')).extractHashtags(text);
  const { isLittleWord } = await import('./little-words');
  const names = text
    .split(/[\s,;]+/)
    .map((word) => normalizeHashtag(word, ANY_NETWORK))
    .filter((name): name is string => name !== null && !isLittleWord(name));
  return [...new Set(names)];
}
