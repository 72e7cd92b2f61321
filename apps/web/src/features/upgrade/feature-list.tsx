import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const FEATURES = ['related', 'copy', 'branding', 'collections'] as const;

/** What Pro adds (the premium capabilities), as a short checked list. */
export function FeatureList() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        gap: 1,
      }}
    >
      {FEATURES.map((feature) => (
        <Box component="li" key={feature} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Check color="secondary" fontSize="small" />
          <Typography variant="body2">{t(`plans.features.${feature}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
