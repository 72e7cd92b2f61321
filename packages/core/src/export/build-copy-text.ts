import { removeEmoji } from '../hashtags/index.js';
import { LIMITS } from '../limits/index.js';
import { pickIndex } from './pick-index.js';

/** The default text before the hashtags: dots on separate lines, which push the tags below the fold. */
export const DEFAULT_TEXT_BEFORE_HASHTAGS = '.\n.\n.\n.\n.';
export const BRANDING_TAG = 'tagscout';
export const BRANDING_LABEL = 'Hashtags by Tagscout';

export interface CopyOptions {
  tags: readonly string[];
  emojisEnabled: boolean;
  exportCommaDelimited: boolean;
  textBeforeHashtagsEnabled: boolean;
  textBeforeHashtagsText: string;
  removeBranding: boolean;
  canCopyUnlimited: boolean;
  /** In [0, 1); picks where the branding tag goes. */
  random: () => number;
}

/**
 * The clipboard text (SPEC section 5 "Copy"): optional text before, the branding label line when
 * branded, then the tags as `a, b, c` or `#a #b #c`. Empty when no tag remains.
 */
export function buildCopyText(options: CopyOptions): string {
  const cleaned = cleanTags(options.tags, options.emojisEnabled);
  if (cleaned.length === 0) return '';
  const isBranded = !options.removeBranding;
  const tags = isBranded
    ? brandTags(cleaned, options.canCopyUnlimited, options.random)
    : capTags(cleaned, options.canCopyUnlimited, LIMITS.copyLimit);

  const lines: string[] = [];
  if (options.textBeforeHashtagsEnabled && options.textBeforeHashtagsText.trim() !== '') {
    lines.push(options.textBeforeHashtagsText);
  }
  if (isBranded) lines.push(BRANDING_LABEL);
  lines.push(options.exportCommaDelimited ? tags.join(', ') : tags.map((tag) => `#${tag}`).join(' '));
  return lines.join('\n');
}

// Hashtags are case-insensitive, so "Beach" and "beach" are one tag; the first spelling wins.
function cleanTags(tags: readonly string[], emojisEnabled: boolean): string[] {
  const byKey = new Map<string, string>();
  for (const raw of tags) {
    const bare = raw.trim().replace(/^#+/, '');
    const tag = (emojisEnabled ? bare : removeEmoji(bare)).trim();
    const key = tag.toLowerCase();
    if (tag !== '' && !byKey.has(key)) byKey.set(key, tag);
  }
  return [...byKey.values()];
}

function capTags(tags: string[], canCopyUnlimited: boolean, limit: number): string[] {
  return canCopyUnlimited ? tags : tags.slice(0, limit);
}

// Without unlimited copy the branded list holds 29 of the user's tags plus the branding tag (30).
function brandTags(tags: string[], canCopyUnlimited: boolean, random: () => number): string[] {
  const at = tags.findIndex((tag) => tag.toLowerCase() === BRANDING_TAG);
  const limit = canCopyUnlimited ? Number.POSITIVE_INFINITY : LIMITS.copyLimit;
  if (at !== -1 && at < limit) return tags.slice(0, limit);
  const kept = capTags(tags, canCopyUnlimited, LIMITS.freeCopyLimit);
  const index = pickIndex(random, kept.length + 1);
  return [...kept.slice(0, index), BRANDING_TAG, ...kept.slice(index)];
}
