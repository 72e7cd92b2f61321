import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatCount } from '@tagscout/core/format';
import { useTranslation } from 'react-i18next';

/** A post count: thousands separators, or K/M/B on phones. */
export function PostCount({ count }: { count: number }) {
  const { i18n } = useTranslation();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {formatCount(count, { compact: isPhone, locale: i18n.language })}
    </Typography>
  );
}
