import { Network } from '../networks/index.js';
import { foldMastodonAccents } from './fold-mastodon-accents.js';
import { foldTagText } from './fold-tag-text.js';

/**
 * Text typed to find tags, folded as the network's tags are stored (normalizeHashtag), so "K-Pop"
 * finds k-pop on Bluesky, "İstanbul" finds istanbul and "Café" finds Mastodon's cafe. No tag holds a
 * space, so words are joined into one ("travel photography" looks for #travelphotography), each
 * word's leading '#' dropped. Unlike a tag it is not checked and keeps its trailing punctuation: it
 * is a prefix while it is being typed ("k-").
 */
export function normalizeTagQuery(text: string, network?: Network): string {
  // Folded again once joined: NFKC may write "a ¨" as "a" and a space and a mark, which join into
  // what it writes as "ä".
  const joined = joinWords(foldTagText(text));
  const folded = joined === '' || PLAIN.test(joined) ? joined : joinWords(foldTagText(joined));
  return network === Network.mastodon ? foldMastodonAccents(folded) : folded;
}

const SPACES = /\s+/u;
const LEADING_HASHES = /^#+/u;
const PLAIN = /^[a-z0-9_]*$/;

/** The words of the text, each without its leading '#'s, as one. */
function joinWords(text: string): string {
  return text
    .split(SPACES)
    .map((word) => word.replace(LEADING_HASHES, ''))
    .join('');
}
