import { topicTitle, UNTITLED_TOPIC } from '@tagscout/core/api';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useExportList } from '../export/export-store';

/** A saved title as shown: '(untitled)' (in the visitor's language) for an empty one. */
export function displayTitle(title: string, t: TFunction): string {
  const shown = topicTitle(title);
  return shown === UNTITLED_TOPIC ? t('collections.untitled') : shown;
}

/** The collection's name as shown: 'New collection' before the first save. */
export function useTopicName(): string {
  const { t } = useTranslation();
  const topic = useExportList((s) => s.topic);
  if (topic.topicId === null && topic.title.trim() === '') return t('topic.new');
  return displayTitle(topic.title, t);
}
