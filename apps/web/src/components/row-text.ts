import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** What row parts need to say things: translations and the language numbers are written in. */
export interface RowText {
  t: TFunction;
  locale: string;
}

/**
 * Called once by a table and handed to each row part: useTranslation in every part of 50 rows cost
 * more of a search's drawing than the rows themselves (issue 33). A new value on a language change.
 */
export function useRowText(): RowText {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => ({ t, locale }), [t, locale]);
}
