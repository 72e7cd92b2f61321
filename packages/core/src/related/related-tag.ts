/** What a related-tag list belongs to. */
export type ItemKind = 'hashtag' | 'place' | 'profile';

/** A tag that co-occurs with an item, with its relevance score. */
export interface RelatedTag {
  hashtag: string;
  /** Posts of the item that carry this tag. */
  subcount: number;
  /** Distinct authors of those posts. */
  authors: number;
  relevance: number;
}
