/**
 * What a plan shows of an item's related tags: the first `visible` of them (null: all). The rest are
 * counted, not sent, so the free version's cut is the server's and not only the app's.
 */
export function relatedForPlan<T extends { related_tags?: unknown[] }>(item: T, visible: number | null): T {
  if (visible === null || item.related_tags === undefined || item.related_tags.length <= visible) return item;
  return {
    ...item,
    related_tags: item.related_tags.slice(0, visible),
    related_tags_hidden: item.related_tags.length - visible,
  };
}
