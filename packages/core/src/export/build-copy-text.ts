import { removeEmoji } from '../hashtags/index.js';
import { LIMITS } from '../limits/index.js';
import { type CopyNetwork, NETWORK_RULES, type NetworkLimits, networkLimits } from './copy-networks.js';

/** The default text before the hashtags: dots on separate lines, which push the tags below the fold. */
export const DEFAULT_TEXT_BEFORE_HASHTAGS = '.\n.\n.\n.\n.';

export interface CopyOptions {
  tags: readonly string[];
  emojisEnabled: boolean;
  exportCommaDelimited: boolean;
  textBeforeHashtagsEnabled: boolean;
  textBeforeHashtagsText: string;
  removeBranding: boolean;
  canCopyUnlimited: boolean;
  /** The Tagscout credit line in the user's language ("Hashtags by Tagscout"), for branded copies. */
  creditLine: string;
  /** The network the text is copied for; Other when left out. */
  network?: CopyNetwork;
  /** The limits in force for it (an administrator's overrides included); its rule when left out. */
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
  /** The tags that go to the clipboard, in order: every hashtag of the text, and only those. */
  copied: string[];
  /** The user's tags that could go (the selection without left-out tags), in order. */
  eligible: string[];
  leftOut: LeftOutTag[];
  /** Set when some eligible tags are cut: what allows only `copied.length`. */
  limitedBy: CopyLimitReason | null;
  /** The text holds the credit line (a line of its own, never a tag); the button and the toast say so. */
  hasCredit: boolean;
}

/**
 * The clipboard text and an account of it (docs/product-rules.md#export-list-and-copy): optional text
 * before, the credit line when branded and the network sets no limit, then the tags as `#a #b #c`, or
 * `#a, #b, #c` with commas (`a, b, c` for Other, which names no network that reads the #).
 *
 * The credit is never a tag, and goes only where it takes no room: a network that caps tags or counts
 * characters gets none (decision 026). The free version copies 29 of the user's tags. A character limit
 * keeps the first tags that fit, text before included.
 */
export function planCopy(options: CopyOptions): CopyPlan {
  const network = options.network ?? 'other';
  const limits = options.limits ?? networkLimits(network);
  const { eligible, leftOut } = cleanTags(options.tags, options.emojisEnabled);
  const isBranded = !options.removeBranding;
  const mayCredit = isBranded && limits.hashtagCap === null && limits.charLimit === null;

  let count = eligible.length;
  let limitedBy: CopyLimitReason | null = null;
  const cut = (max: number, reason: CopyLimitReason) => {
    if (max < count) [count, limitedBy] = [max, reason];
  };
  if (limits.hashtagCap !== null) cut(limits.hashtagCap, 'network');
  if (!options.canCopyUnlimited) cut(isBranded ? LIMITS.freeCopyLimit : LIMITS.copyLimit, 'free');
  const format = { ...options, needsHash: NETWORK_RULES[network].needsHash, credit: mayCredit };
  if (limits.charLimit !== null) {
    const charLimit = limits.charLimit;
    let n = count;
    while (n > 0 && graphemeCount(renderText(format, eligible.slice(0, n))) > charLimit) n--;
    if (n < count) [count, limitedBy] = [n, 'length'];
  }
  const copied = eligible.slice(0, count);
  return {
    text: renderText(format, copied),
    copied,
    eligible,
    leftOut,
    limitedBy,
    hasCredit: mayCredit && count > 0,
  };
}

/** The clipboard text alone; see planCopy. */
export function buildCopyText(options: CopyOptions): string {
  return planCopy(options).text;
}

interface TextFormat extends CopyOptions {
  /** Commas keep the # (every network that reads a tag only with it). */
  needsHash: boolean;
  credit: boolean;
}

function renderText(format: TextFormat, tags: string[]): string {
  if (tags.length === 0) return '';
  const lines: string[] = [];
  if (format.textBeforeHashtagsEnabled && format.textBeforeHashtagsText.trim() !== '') {
    lines.push(format.textBeforeHashtagsText);
  }
  if (format.credit) lines.push(format.creditLine);
  const hash = format.exportCommaDelimited && !format.needsHash ? '' : '#';
  lines.push(tags.map((tag) => `${hash}${tag}`).join(format.exportCommaDelimited ? ', ' : ' '));
  return lines.join('\n');
}

/**
 * The tags as they can be copied, and those left out. Hashtags are case-insensitive, so "Beach" and
 * "beach" are one tag and the first spelling wins. With emojis off a tag holding one is left out:
 * without it, it is another tag (#sunrise🌅 is not #sunrise) or one already in the list.
 */
function cleanTags(
  tags: readonly string[],
  emojisEnabled: boolean,
): Omit<CopyPlan, 'text' | 'copied' | 'limitedBy' | 'hasCredit'> {
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
