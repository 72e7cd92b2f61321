import { Network } from '../networks/index.js';
import { foldMastodonAccents } from './fold-mastodon-accents.js';
import { foldTagText } from './fold-tag-text.js';

/**
 * Text typed to find tags, folded as the network's tags are stored (normalizeHashtag), so "K-Pop"
 * finds k-pop on Bluesky, "İstanbul" finds istanbul and "Café" finds Mastodon's cafe: leading '#'
 * and spaces stripped, trimmed. Unlike a tag it is not checked and keeps its trailing punctuation:
 * it is a prefix while it is being typed ("k-").
 */
export function normalizeTagQuery(text: string, network?: Network): string {
  const folded = foldTagText(text).replace(LEADING, '').trim();
  return network === Network.mastodon ? foldMastodonAccents(folded) : folded;
}

const LEADING = /^[\s#]+/u;
