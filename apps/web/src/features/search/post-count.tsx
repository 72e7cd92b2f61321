import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCount } from '@tagscout/core/format';
import { useTranslation } from 'react-i18next';

/**
 * A post count: thousands separators, or K/M/B in a compact pane; a spinner and "indexing" while it
 * is looked up.
 */
export function PostCount({
  count,
  isCompact,
  isIndexing = false,
}: {
  count: number;
  isCompact: boolean;
  isIndexing?: boolean;
}) {
  const { i18n } = useTranslation();
  if (isIndexing) return <IndexingCount />;
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {formatCount(count, { compact: isCompact, locale: i18n.language })}
    </Typography>
  );
}

function IndexingCount() {
  const { t } = useTranslation();
  return (
    <Stack
      component="span"
      direction="row"
      data-testid="count-indexing"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}
    >
      <CircularProgress size={12} color="inherit" aria-hidden />
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {t('search.indexing')}
      </Typography>
    </Stack>
  );
}
