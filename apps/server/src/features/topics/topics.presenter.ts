import type { Topic, TopicsById } from '@tagscout/core/api';
import type { ExportFilters } from '@tagscout/core/export';
import type { TopicRow } from './topics.repository.js';

/** A stored row as the API answers it. */
export function presentTopic(row: TopicRow): Topic {
  return {
    topic_id: row.topic_id,
    title: row.title,
    creator_id: row.creator_id,
    owner_id: row.owner_id,
    created: Number(row.created),
    modified: Number(row.modified),
    exportFilters: JSON.parse(row.export_filters) as Topic['exportFilters'],
    applyFilter: Boolean(row.apply_filter),
    export: parseTags(row.export),
    export_count: Number(row.export_count),
    selected: parseTags(row.selected),
    hidden: parseTags(row.hidden),
  };
}

/** Answers carry the topics keyed by topic_id, in the order given. */
export function keyById(topics: readonly Topic[]): TopicsById {
  return Object.fromEntries(topics.map((topic) => [topic.topic_id, topic]));
}

export function serializeFilters(filters: ExportFilters): string {
  return JSON.stringify({
    postCount: filters.postCount,
    selectionStrategy: filters.selectionStrategy,
    selectionCount: filters.selectionCount,
  });
}

function parseTags(text: string): string[] {
  return JSON.parse(text) as string[];
}
