import type { SuggestedHashtag, SuggestResponse } from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import { indexOfTag, suggestFromWindows } from '@tagscout/core/related';
import {
  findHashtagWindows,
  type HashtagContext,
  type HashtagWindow,
  WINDOW_TAG_BANNED,
  WINDOW_TAG_LOOKUP,
} from '../related/related.service.js';
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
  return suggestFromWindows({ windows, limit }).map((suggestion) => {
    const flags = flagsOf(windows, suggestion.id);
    return {
      hashtag: suggestion.hashtag,
      count: suggestion.count ?? (flags & WINDOW_TAG_LOOKUP ? -2 : -1),
      score: suggestion.score,
      subcount: suggestion.subcount,
      lists: suggestion.lists,
      authors: suggestion.authors,
      ...(flags & WINDOW_TAG_BANNED && { banned: true as const }),
    };
  });
}

/** A suggested tag's flags as the last window holding it read them. */
function flagsOf(windows: readonly HashtagWindow[], id: number): number {
  for (let index = windows.length - 1; index >= 0; index--) {
    const window = windows[index]!;
    const at = indexOfTag(window.digest, id);
    if (at >= 0) return window.flags[at]!;
  }
  return 0;
}
