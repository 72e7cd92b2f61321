import Typography from '@mui/material/Typography';
import { formatCount } from '@tagscout/core/format';
import { useTranslation } from 'react-i18next';

/** A post count: thousands separators, or K/M/B on phones. */
export function PostCount({ count, isPhone }: { count: number; isPhone: boolean }) {
  const { i18n } = useTranslation();
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
