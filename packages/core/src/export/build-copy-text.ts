import { removeEmoji } from '../hashtags/index.js';
import { LIMITS } from '../limits/index.js';
import type { NetworkLimits } from './copy-networks.js';
import { pickIndex } from './pick-index.js';

/** The default text before the hashtags: dots on separate lines, which push the tags below the fold. */
export const DEFAULT_TEXT_BEFORE_HASHTAGS = '.\n.\n.\n.\n.';

export const BRANDING_TAG = 'tagscout';
export const BRANDING_LABEL = 'Hashtags by Tagscout';

const NO_LIMITS: NetworkLimits = { hashtagCap: null, charLimit: null };

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
  /** The network the text is copied for; none (Other) when left out. */
  limits?: NetworkLimits;
}

/** A tag of the selection that is not copied whatever the limit, and why. */
export interface LeftOutTag {
  tag: string;
  /** emoji: emojis are off and removing them would make another tag; duplicate: already in the text. */
  reason: 'emoji' | 'duplicate';
}

/** What binds the number of tags copied. */
export type CopyLimitReason = 'network' | 'length' | 'free';

export interface CopyPlan {
  /** The clipboard text; empty when no tag remains. */
  text: string;
  /** The user's tags that go to the clipboard, in order (the added branding tag not among them). */
  copied: string[];
  /** The user's tags that could go (the selection without left-out tags), in order. */
  eligible: string[];
  leftOut: LeftOutTag[];
  /** Set when some eligible tags are cut: what allows only `copied.length`. */
  limitedBy: CopyLimitReason | null;
  /** The branding tag was added to the tags (free version, no hashtag cap). */
  brandingTagAdded: boolean;
}

/**
 * The clipboard text and an account of it (docs/product-rules.md#export-list-and-copy): optional text before, the branding label line when branded,
 * then the tags as `a, b, c` or `#a #b #c`.
 *
 * Under a hashtag cap the branding tag never takes one of the network's places: branding is the
 * label only. With no cap the free version copies 29 tags plus the branding tag. A character limit
 * keeps the first tags that fit, the label and text before included.
 */
export function planCopy(options: CopyOptions): CopyPlan {
  const limits = options.limits ?? NO_LIMITS;
  const { eligible, leftOut } = cleanTags(options.tags, options.emojisEnabled);
  const isBranded = !options.removeBranding;
  const mayAddBrandingTag = isBranded && limits.hashtagCap === null;
  let drawn: number | undefined;
  const random = () => {
    drawn ??= options.random();
    return drawn;
  };

  let count = eligible.length;
  let limitedBy: CopyLimitReason | null = null;
  const cut = (max: number, reason: CopyLimitReason) => {
    if (max < count) [count, limitedBy] = [max, reason];
  };
  if (limits.hashtagCap !== null) cut(limits.hashtagCap, 'network');
  if (!options.canCopyUnlimited) {
    const ownBrandingTagFits = eligible.findIndex((tag) => tag.toLowerCase() === BRANDING_TAG);
    const freeLimit =
      mayAddBrandingTag && !(ownBrandingTagFits !== -1 && ownBrandingTagFits < LIMITS.copyLimit)
        ? LIMITS.freeCopyLimit
        : LIMITS.copyLimit;
    cut(freeLimit, 'free');
  }
  const render = (n: number) =>
    renderText(options, eligible.slice(0, n), isBranded, mayAddBrandingTag, random);
  if (limits.charLimit !== null) {
    const charLimit = limits.charLimit;
    let n = count;
    while (n > 0 && graphemeCount(render(n).text) > charLimit) n--;
    if (n < count) [count, limitedBy] = [n, 'length'];
  }
  const { text, brandingTagAdded } = render(count);
  return { text, copied: eligible.slice(0, count), eligible, leftOut, limitedBy, brandingTagAdded };
}

/** The clipboard text alone; see planCopy. */
export function buildCopyText(options: CopyOptions): string {
  return planCopy(options).text;
}

function renderText(
  options: CopyOptions,
  tags: string[],
  isBranded: boolean,
  mayAddBrandingTag: boolean,
  random: () => number,
): { text: string; brandingTagAdded: boolean } {
  if (tags.length === 0) return { text: '', brandingTagAdded: false };
  const hasOwnBrandingTag = tags.some((tag) => tag.toLowerCase() === BRANDING_TAG);
  const brandingTagAdded = mayAddBrandingTag && !hasOwnBrandingTag;
  const shown = brandingTagAdded ? withBrandingTag(tags, random) : tags;
  const lines: string[] = [];
  if (options.textBeforeHashtagsEnabled && options.textBeforeHashtagsText.trim() !== '') {
    lines.push(options.textBeforeHashtagsText);
  }
  if (isBranded) lines.push(BRANDING_LABEL);
  lines.push(options.exportCommaDelimited ? shown.join(', ') : shown.map((tag) => `#${tag}`).join(' '));
  return { text: lines.join('\n'), brandingTagAdded };
}

function withBrandingTag(tags: string[], random: () => number): string[] {
  const index = pickIndex(random, tags.length + 1);
  return [...tags.slice(0, index), BRANDING_TAG, ...tags.slice(index)];
}

/**
 * The tags as they can be copied, and those left out. Hashtags are case-insensitive, so "Beach" and
 * "beach" are one tag and the first spelling wins. With emojis off a tag holding one is left out:
 * without it, it is another tag (#sunrise🌅 is not #sunrise) or one already in the list.
 */
function cleanTags(
  tags: readonly string[],
  emojisEnabled: boolean,
): Omit<CopyPlan, 'text' | 'copied' | 'limitedBy' | 'brandingTagAdded'> {
  const byKey = new Map<string, string>();
  const leftOut: LeftOutTag[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#+/, '').trim();
    if (tag === '') continue;
    if (!emojisEnabled && removeEmoji(tag) !== tag) {
      leftOut.push({ tag, reason: 'emoji' });
      continue;
    }
    const key = tag.toLowerCase();
    if (byKey.has(key)) leftOut.push({ tag, reason: 'duplicate' });
    else byKey.set(key, tag);
  }
  return { eligible: [...byKey.values()], leftOut };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Characters as a person (and Bluesky) counts them: an emoji with its joiners is one. */
export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}
