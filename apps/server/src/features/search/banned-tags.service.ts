import { readFile } from 'node:fs/promises';
import type { BannedTagsResponse } from '@tagscout/core/api';
import { ANY_NETWORK, normalizeHashtag } from '@tagscout/core/hashtags';
import type { Database } from '../../db/connect.js';
import { findBannedTagNames, replaceBannedTags } from './search.repository.js';

export interface BannedTagsFile {
  tags: string[];
  /** Lines that are not a valid hashtag, e.g. "line 7: "two words" is not a valid hashtag". */
  problems: string[];
}

/**
 * The admin-edited list: one tag a line, written without '#'; a line starting with '#' is a
 * comment, and so is anything after " #" on a line. Blank lines are ignored.
 */
export function parseBannedTags(text: string): BannedTagsFile {
  const tags = new Set<string>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const content = line.replace(/\s+#.*$/, '').trim();
    if (content === '' || content.startsWith('#')) return;
    // One list for every network, so a Bluesky tag (k-pop) may be banned too.
    const tag = normalizeHashtag(content, ANY_NETWORK);
    if (tag === null) problems.push(`line ${index + 1}: "${content}" is not a valid hashtag`);
    else tags.add(tag);
  });
  return { tags: [...tags].sort(), problems };
}

/** Makes the store's banned tags exactly those of the file (a missing file leaves them as they are). */
export async function syncBannedTags(
  database: Database,
  options: { path: string; warn: (message: string) => void; now: number },
): Promise<string[] | undefined> {
  let text: string;
  try {
    text = await readFile(options.path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      options.warn(`No banned-tags file at ${options.path}; the banned tags stay as they were.`);
      return undefined;
    }
    throw error;
  }
  const { tags, problems } = parseBannedTags(text);
  for (const problem of problems) options.warn(`Banned-tags file ${options.path}, ${problem}; skipped.`);
  await replaceBannedTags(database, tags, options.now);
  return tags;
}

/** Makes the store's banned tags exactly these (already normalised) names; the admin screen uses it. */
export async function setBannedTags(database: Database, tags: readonly string[], now: number): Promise<void> {
  await replaceBannedTags(database, tags, now);
}

export async function listBannedTags(database: Database): Promise<BannedTagsResponse> {
  return { bannedTags: await findBannedTagNames(database) };
}
