import type { EngagedArchivePost } from '../own-posts/own-posts.service.js';

/** The posts a handle's read found, and why it stopped early (a rate limit), if it did. */
export interface HandleRead {
  posts: EngagedArchivePost[];
  stoppedBy: string | null;
}

/** A read that found nothing to keep: an unknown handle, or a network that did not answer. */
export class HandleReadError extends Error {
  constructor(
    readonly kind: 'unknown' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}
