/** What an empty title is stored as. */
export const UNTITLED_TOPIC = '(untitled)';

/** The title shown for a topic: '(untitled)' when empty. */
export function topicTitle(title: string | null | undefined): string {
  const trimmed = (title ?? '').trim();
  return trimmed === '' ? UNTITLED_TOPIC : trimmed;
}
