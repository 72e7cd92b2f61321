import type { SuggestedHashtag, SuggestResponse } from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import { suggestHashtags } from '@tagscout/core/related';
import { findHashtagWindows, type HashtagContext, type HashtagWindow } from '../related/related.service.js';
import { SuggestionAnswers } from './suggestion-answers.js';

// One per context (a server process), only where windows are cached: uncached windows never repeat.
const answersOf = new WeakMap<HashtagContext, SuggestionAnswers>();

/**
 * Tags to add to a list being built, best first (core's suggestHashtags over the recent posts of the
 * list's tags; decision 015). `visible`: how many the viewer's plan shows (null: all); the rest are
 * held back and only counted, so the app can offer the upgrade.
 */
export async function suggestForList(
  context: HashtagContext,
  request: { tags: readonly string[]; limit: number; visible: number | null; network?: Network },
): Promise<SuggestResponse> {
  const network = await context.defaultNetwork.resolve(request.network);
  // The list's names in the network's own form (Mastodon folds accents: café is cafe there).
  const names = request.tags.map((name) => normalizeHashtag(name, network) ?? name);
  const windows = await findHashtagWindows(context, { network, names });
  const answers = answersFor(context);
  const key = [network, request.limit, ...names].join('\n');
  let suggestions = answers?.get(key, windows);
  if (!suggestions) {
    suggestions = rankFor(windows, request.limit);
    answers?.set(key, windows, suggestions);
  }
  if (request.visible === null || suggestions.length <= request.visible) return { network, suggestions };
  return {
    network,
    suggestions: suggestions.slice(0, request.visible),
    hidden: suggestions.length - request.visible,
  };
}

function answersFor(context: HashtagContext): SuggestionAnswers | undefined {
  let answers = answersOf.get(context);
  if (!answers && context.windows?.isOn) {
    answers = new SuggestionAnswers();
    answersOf.set(context, answers);
  }
  return answers;
}

function rankFor(windows: readonly HashtagWindow[], limit: number): SuggestedHashtag[] {
  const known = knownTags(windows);
  const ranked = suggestHashtags({
    sources: windows,
    countOf: (name) => {
      const count = known.get(name)?.count;
      return count === undefined || count < 0 ? undefined : count;
    },
    limit,
  });
  return ranked.map((suggestion) => {
    const tag = known.get(suggestion.hashtag);
    return {
      hashtag: suggestion.hashtag,
      count: tag?.count ?? -1,
      score: suggestion.score,
      subcount: suggestion.subcount,
      lists: suggestion.lists,
      authors: suggestion.authors,
      ...(tag?.banned && { banned: true as const }),
    };
  });
}

/**
 * A tag's count and banned flag as the last window holding it read them: looked up only for the tags
 * suggested (merging every window's thousands of tags cost more than the suggestions, issue 33).
 */
function knownTags(windows: readonly HashtagWindow[]) {
  return {
    get(name: string) {
      for (let index = windows.length - 1; index >= 0; index--) {
        const tag = windows[index]!.tags.get(name);
        if (tag) return tag;
      }
      return undefined;
    },
  };
}
