import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LEGAL_LINKS } from './legal-links';

/** How renewal and cancelling work, and the terms and privacy links. */
export function LegalFooter({ store }: { store: 'web' | 'ios' | 'android' }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t(`plans.renewal.${store}`)}
      </Typography>
      <Typography variant="body2" sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
        <Link href={LEGAL_LINKS.terms} target="_blank" rel="noopener noreferrer">
          {t('plans.terms')}
        </Link>
        <Link href={LEGAL_LINKS.privacy} target="_blank" rel="noopener noreferrer">
          {t('plans.privacy')}
        </Link>
      </Typography>
    </Box>
  );
}
