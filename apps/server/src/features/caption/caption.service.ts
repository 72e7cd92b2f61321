import type { CaptionSuggestion, CaptionSuggestResponse } from '@tagscout/core/api';
import { rankCaptionTags, wordsOfCaption } from '@tagscout/core/caption';
import { extractHashtags, normalizeHashtag } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import type { HashtagContext } from '../related/related.service.js';
import { suggestForList } from '../suggest/suggest.service.js';
import { findCaptionWordStats } from './caption.repository.js';

/** Tags read per word of the caption: a common word's long tail adds nothing to the first 50. */
const TAGS_PER_WORD = 200;
/** Hashtags of the text given to the list suggestions at most (SUGGEST_LIMITS.tags). */
const GIVEN_TAGS_MAX = 30;

/**
 * Tags for the words of a caption, best first (decision 030): each word votes for the tags people
 * used with it (the word table, counted by people), the hashtags already in the text add the list
 * suggestions of those tags, and are never suggested back. `visible`: how many the viewer's plan
 * shows (null: all); the rest are only counted, as list suggestions are.
 */
export async function suggestForCaption(
  context: HashtagContext,
  request: { text: string; limit: number; visible: number | null; network?: Network },
): Promise<CaptionSuggestResponse> {
  const network = await context.defaultNetwork.resolve(request.network);
  const given = [
    ...new Set(extractHashtags(request.text).map((name) => normalizeHashtag(name, network) ?? name)),
  ];
  const words = wordsOfCaption(request.text);
  const stats = await findCaptionWordStats(context.database, { network, words, perWord: TAGS_PER_WORD });
  const exclude = new Set(given);
  const fromWords = rankCaptionTags({
    words: stats.words,
    exclude,
    countOf: (name) => stats.tags.get(name)?.count,
    limit: request.limit,
  });
  const wordsOf = new Map<string, string[]>();
  for (const word of stats.words)
    for (const tag of word.tags) wordsOf.set(tag.hashtag, [...(wordsOf.get(tag.hashtag) ?? []), word.word]);

  const byTag = new Map<string, CaptionSuggestion>();
  const topWords = fromWords[0]?.score ?? 0;
  for (const suggestion of fromWords) {
    const tag = stats.tags.get(suggestion.hashtag);
    byTag.set(suggestion.hashtag, {
      hashtag: suggestion.hashtag,
      count: tag?.count ?? -1,
      score: suggestion.score / topWords,
      authors: suggestion.authors,
      words: wordsOf.get(suggestion.hashtag) ?? [],
      ...(tag?.banned && { banned: true as const }),
    });
  }
  if (given.length > 0) {
    // The text's own tags suggest as a list does; both rankings count alike, each scaled to its best.
    const list = await suggestForList(context, {
      tags: given.slice(0, GIVEN_TAGS_MAX),
      limit: request.limit,
      visible: null,
      network,
    });
    const topList = list.suggestions[0]?.score ?? 0;
    for (const suggestion of list.suggestions) {
      const score = topList > 0 ? suggestion.score / topList : 0;
      const entry = byTag.get(suggestion.hashtag);
      if (entry) {
        entry.score += score;
        entry.authors = Math.max(entry.authors, suggestion.authors);
      } else {
        byTag.set(suggestion.hashtag, {
          hashtag: suggestion.hashtag,
          count: suggestion.count,
          score,
          authors: suggestion.authors,
          words: [],
          ...(suggestion.banned && { banned: true as const }),
        });
      }
    }
  }
  const suggestions = [...byTag.values()]
    .filter((suggestion) => !exclude.has(suggestion.hashtag))
    .sort((a, b) => b.score - a.score || (a.hashtag < b.hashtag ? -1 : 1))
    .slice(0, request.limit);
  const answer = { network, words, given, suggestions };
  if (request.visible === null || suggestions.length <= request.visible) return answer;
  return {
    ...answer,
    suggestions: suggestions.slice(0, request.visible),
    hidden: suggestions.length - request.visible,
  };
}
