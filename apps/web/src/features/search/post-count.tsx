import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCount } from '@tagscout/core/format';
import type { RowText } from '../../components/row-text';

/**
 * A post count: thousands separators, or K/M/B in a compact pane; a spinner and "indexing" while it
 * is looked up.
 */
export function PostCount({
  count,
  isCompact,
  isIndexing = false,
  text,
}: {
  count: number;
  isCompact: boolean;
  isIndexing?: boolean;
  text: RowText;
}) {
  if (isIndexing) return <IndexingCount label={text.t('search.indexing')} />;
  return <span className="ts-count">{formatCount(count, { compact: isCompact, locale: text.locale })}</span>;
}

function IndexingCount({ label }: { label: string }) {
  return (
    <Stack
      component="span"
      direction="row"
      data-testid="count-indexing"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}
    >
      <CircularProgress size={12} color="inherit" aria-hidden />
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
    </Stack>
  );
}
