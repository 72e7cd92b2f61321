import type { ArchiveErrorCode, OwnNetwork } from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import { AppError } from '../../app-error.js';

/** One of the user's posts as an archive holds it. */
export interface ArchivePost {
  /** The network's id for the post (derived where the export has none). */
  postId: string;
  /** Epoch seconds. */
  postedAt: number;
  /** Its tags in the network's canonical form, each once. */
  hashtags: string[];
}

/** What a file held: the user's posts on one network. */
export interface ReadArchive {
  network: OwnNetwork;
  posts: ArchivePost[];
}

/** The tags as the network's rules have them (decision 024), each once; those it would not make are dropped. */
export function tagsOfNetwork(raw: readonly string[], network: OwnNetwork): string[] {
  const tags = new Set<string>();
  for (const candidate of raw) {
    const tag = normalizeHashtag(candidate, network);
    if (tag !== null) tags.add(tag);
  }
  return [...tags];
}

/** A file that is not what it claims: 400, why (a code the page words) and what was expected. */
export function unreadableArchive(code: ArchiveErrorCode, message: string): AppError {
  return new AppError(400, code, message);
}

/** Epoch seconds of an ISO 8601 time, or null when it is not one. */
export function secondsOf(iso: unknown): number | null {
  if (typeof iso !== 'string') return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}
