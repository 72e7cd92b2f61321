import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AccountCardProps {
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Shows a close button in the corner. */
  onClose?: () => void;
  children: ReactNode;
}

/** The centred card the sign-in, sign-out and account-setup screens sit in. */
export function AccountCard({ title, subtitle, onClose, children }: AccountCardProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 5 } }}>
      <Paper
        variant="outlined"
        sx={{ position: 'relative', width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}
      >
        {onClose && (
          <IconButton
            aria-label={t('common.close')}
            onClick={onClose}
            sx={{ position: 'absolute', top: 8, right: 8 }}
          >
            <Close />
          </IconButton>
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, pr: onClose ? 5 : 0 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
    </Box>
  );
}
