import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/session-store';

/**
 * "2 of 4 related searches left today", as the server counts them (its Me answer), for a visitor with
 * a daily allowance, before one is spent (issue 32 §7); nothing for the others.
 */
export function RelatedSearchesLeft() {
  const { t } = useTranslation();
  const relatedSearches = useSession((session) => session.relatedSearches);
  if (relatedSearches === null) return null;
  const { allowed, left } = relatedSearches;
  return (
    <Typography variant="caption" component="p" color="text.secondary" role="status" sx={{ px: 2, py: 0.5 }}>
      {left > 0
        ? t('search.relatedLeft', { count: left, allowed })
        : t('search.relatedNoneLeft', { allowed })}
    </Typography>
  );
}
