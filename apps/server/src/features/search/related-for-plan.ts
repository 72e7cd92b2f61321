/**
 * What a plan shows of each answered item's related tags: the first `visible` of them (null: all).
 * The rest are counted, not sent, so the free version's cut is the server's and not only the app's.
 */
export function relatedForPlan<A extends { data: { related_tags?: unknown[] }[] }>(
  answer: A,
  visible: number | null,
): A {
  if (visible === null) return answer;
  const data = answer.data.map((item) =>
    item.related_tags === undefined || item.related_tags.length <= visible
      ? item
      : {
          ...item,
          related_tags: item.related_tags.slice(0, visible),
          related_tags_hidden: item.related_tags.length - visible,
        },
  );
  return { ...answer, data };
}
