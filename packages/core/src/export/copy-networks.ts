/** The networks the export list can be copied for ("Copy for"); `other` applies no network rule. */
export const COPY_NETWORKS = [
  'instagram',
  'threads',
  'tiktok',
  'youtube',
  'bluesky',
  'mastodon',
  'x',
  'linkedin',
  'other',
] as const;
export type CopyNetwork = (typeof COPY_NETWORKS)[number];

export const DEFAULT_COPY_NETWORK: CopyNetwork = 'instagram';

/** What a network accepts in one post; null = no such limit. */
export interface NetworkLimits {
  /** Most hashtags a post may carry (more are refused or all ignored). */
  hashtagCap: number | null;
  /** Most characters (user-perceived, i.e. graphemes) of the post's text. */
  charLimit: number | null;
}

export interface NetworkRule extends NetworkLimits {
  /** A tag is a hashtag there only with its #: copied with commas it keeps it (issue 32 §3). */
  needsHash: boolean;
  /** Where the numbers come from, and the day they were last checked (YYYY-MM-DD). */
  source: string;
  checked: string;
}

/**
 * Each network's limits as published or observed, with where they come from. An administrator can
 * override the two numbers in the app data (networkCaps) without a release; see
 * docs/decisions/014-network-caps.md.
 */
export const NETWORK_RULES: Readonly<Record<CopyNetwork, NetworkRule>> = {
  instagram: {
    needsHash: true,
    hashtagCap: 5,
    charLimit: 2200,
    source: 'Instagram: at most 5 hashtags per post or reel since December 2025; captions 2,200 characters',
    checked: '2026-11-23',
  },
  threads: {
    needsHash: true,
    hashtagCap: 1,
    charLimit: 500,
    source: 'Threads: one topic tag per post; 500 characters a post',
    checked: '2026-11-23',
  },
  tiktok: {
    needsHash: true,
    hashtagCap: 5,
    charLimit: 4000,
    source:
      'TikTok: in-app notice "no more than five hashtags" (Social Media Today, websitebuilderexpert.com/news/tiktok-hashtag-limit, 2025); descriptions 4,000 characters',
    checked: '2026-11-23',
  },
  youtube: {
    needsHash: true,
    hashtagCap: 15,
    charLimit: 5000,
    source:
      'YouTube Help "Use hashtags for YouTube": a video with more than 15 hashtags has all of them ignored; descriptions 5,000 characters',
    checked: '2026-11-23',
  },
  bluesky: {
    needsHash: true,
    hashtagCap: null,
    charLimit: 300,
    source: 'Bluesky: no hashtag cap; 300 characters (graphemes) a post (app.bsky.feed.post lexicon)',
    checked: '2026-11-23',
  },
  mastodon: {
    needsHash: true,
    hashtagCap: null,
    charLimit: 500,
    source:
      'Mastodon: no hashtag cap; 500 characters a post (the server default; an instance may allow more)',
    checked: '2026-11-23',
  },
  x: {
    needsHash: true,
    hashtagCap: null,
    charLimit: 280,
    source: 'X Help "Counting characters": no hashtag cap; 280 characters a post without Premium',
    checked: '2026-11-23',
  },
  linkedin: {
    needsHash: true,
    hashtagCap: null,
    charLimit: 3000,
    source: 'LinkedIn: no hashtag cap; 3,000 characters a post',
    checked: '2026-11-23',
  },
  other: {
    needsHash: false,
    hashtagCap: null,
    charLimit: null,
    source: 'No network rule',
    checked: '2026-11-23',
  },
};

/** An administrator's overrides, as stored in the app data: any network, either number. */
export type NetworkLimitOverrides = Partial<Record<CopyNetwork, Partial<NetworkLimits>>>;

/** The limits in force for a network: the app data's override where one is set, else the rule above. */
export function networkLimits(network: CopyNetwork, overrides: NetworkLimitOverrides = {}): NetworkLimits {
  const rule = NETWORK_RULES[network];
  const override = overrides[network] ?? {};
  return {
    hashtagCap: override.hashtagCap !== undefined ? override.hashtagCap : rule.hashtagCap,
    charLimit: override.charLimit !== undefined ? override.charLimit : rule.charLimit,
  };
}

export function isCopyNetwork(value: unknown): value is CopyNetwork {
  return typeof value === 'string' && (COPY_NETWORKS as readonly string[]).includes(value);
}
