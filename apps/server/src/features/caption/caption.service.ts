import type { CaptionSuggestion, CaptionSuggestResponse } from '@tagscout/core/api';
import {
  authorsOfSketch,
  CAPTION_TUNING,
  type CaptionTuning,
  rankCaptionTags,
  tagNamesInText,
  wordsOfCaption,
} from '@tagscout/core/caption';
import { extractHashtags, normalizeHashtag } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import type { HashtagContext } from '../related/related.service.js';
import { suggestForList } from '../suggest/suggest.service.js';
import { type CaptionTag, findCaptionTagsNamed, findCaptionWordStats } from './caption.repository.js';

/** Tags read per word of the caption: a common word's long tail adds nothing to the first 50. */
const TAGS_PER_WORD = 200;
/** Hashtags of the text given to the list suggestions at most (SUGGEST_LIMITS.tags). */
const GIVEN_TAGS_MAX = 30;

/**
 * Tags for the words of a caption, best first (decision 030): each word votes for the tags people
 * used with it (the word table, counted by people), with the tags popular among captions and the
 * tags the text names; the list suggestions of the best of them, and of the hashtags already in the
 * text, add to them. The text's own hashtags are never suggested back. `visible`: how many the
 * viewer's plan shows (null: all); the rest are only counted, as list suggestions are. `tuning`
 * for the bench alone.
 */
export async function suggestForCaption(
  context: HashtagContext,
  request: {
    text: string;
    limit: number;
    visible: number | null;
    network?: Network;
    tuning?: Partial<CaptionTuning>;
  },
): Promise<CaptionSuggestResponse> {
  const tuning = { ...CAPTION_TUNING, ...request.tuning };
  const network = await context.defaultNetwork.resolve(request.network);
  const inNetwork = (name: string) => normalizeHashtag(name, network) ?? name;
  const given = [...new Set(extractHashtags(request.text).map(inNetwork))];
  const exclude = new Set(given);
  const words = wordsOfCaption(request.text);
  const stats = await findCaptionWordStats(context.database, { network, words, perWord: TAGS_PER_WORD });
  const named = (
    await findCaptionTagsNamed(context.database, {
      network,
      names: [...new Set(tagNamesInText(request.text).map(inNetwork))],
    })
  ).filter((tag) => Math.round(authorsOfSketch(tag.authors)) >= tuning.minAuthors);
  const tags = new Map<string, CaptionTag>(stats.tags);
  for (const tag of named) tags.set(tag.hashtag, tag.tag);

  const ranked = rankCaptionTags({
    words: stats.words,
    popular: stats.popular,
    named: named.map((tag) => tag.hashtag),
    exclude,
    tuning,
  });
  const byTag = new Map<string, CaptionSuggestion>();
  const top = ranked[0]?.score ?? 0;
  for (const suggestion of ranked.slice(0, Math.max(request.limit, 50))) {
    byTag.set(suggestion.hashtag, {
      hashtag: suggestion.hashtag,
      count: tags.get(suggestion.hashtag)?.count ?? -1,
      score: suggestion.score / top,
      authors: suggestion.authors,
      words: stats.words
        .filter((word) => word.tags.some((tag) => tag.hashtag === suggestion.hashtag))
        .map((word) => word.word),
      ...(tags.get(suggestion.hashtag)?.banned && { banned: true as const }),
    });
  }
  // The text's own tags suggest as a list does, and so, more faintly, do the best tags of its words.
  const lists: [string[], number][] = [
    [given.slice(0, GIVEN_TAGS_MAX), 1],
    [ranked.slice(0, tuning.expandFrom).map((suggestion) => suggestion.hashtag), tuning.expand],
  ];
  for (const [listTags, weight] of lists) {
    if (listTags.length === 0 || weight <= 0) continue;
    const list = await suggestForList(context, { tags: listTags, limit: 30, visible: null, network });
    const topList = list.suggestions[0]?.score ?? 0;
    if (topList <= 0) continue;
    for (const suggestion of list.suggestions) {
      if (exclude.has(suggestion.hashtag)) continue;
      const score = (weight * suggestion.score) / topList;
      const entry = byTag.get(suggestion.hashtag);
      if (entry) {
        entry.score += score;
        entry.authors = Math.max(entry.authors, suggestion.authors);
        continue;
      }
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
  const suggestions = [...byTag.values()]
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
