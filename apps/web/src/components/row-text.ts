import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** What row parts need to say things: translations and the language numbers are written in. */
export interface RowText {
  t: TFunction;
  locale: string;
  /** The words every row repeats, translated once per table. */
  words: RowWords;
}

export type RowWords = ReturnType<typeof wordsOf>;

function wordsOf(t: TFunction) {
  return {
    add: t('search.add'),
    exported: t('search.exported'),
    showRelated: t('search.showRelated'),
    hideRelated: t('search.hideRelated'),
    trendLoading: t('trends.loading'),
    openChart: t('trends.openChart'),
  };
}

/**
 * Called once by a table and handed to each row part: useTranslation in every part of 50 rows cost
 * more of a search's drawing than the rows themselves (issue 33). A new value on a language change.
 */
export function useRowText(): RowText {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => ({ t, locale, words: wordsOf(t) }), [t, locale]);
}
