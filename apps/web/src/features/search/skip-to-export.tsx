import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../account/visually-hidden';

/** The export pane's id, the target of "Skip to the export list". */
export const EXPORT_PANE_ID = 'export-pane';

/**
 * "Skip to the export list": right after the search bar, seen only while it has the keyboard's
 * focus. Without it the keyboard crosses every result's buttons (four a row) to reach Copy.
 */
export function SkipToExport() {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant="contained"
      onClick={() => document.getElementById(EXPORT_PANE_ID)?.focus()}
      sx={{
        '&:not(:focus-visible)': visuallyHidden,
        alignSelf: 'flex-start',
        mx: 2,
        mb: 1,
      }}
    >
      {t('search.skipToExport')}
    </Button>
  );
}
