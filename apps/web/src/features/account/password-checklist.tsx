import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PASSWORD_RULES, type PasswordRule } from '@tagscout/core/passwords';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

export interface PasswordChecklistProps {
  /** usePasswordChecks: core's rules with the server's common-password list, so the list and the server agree. */
  checks: Record<PasswordRule, boolean>;
  password: string;
  repeat: string;
}

/** The live list of password rules (docs/product-rules.md#passwords), each ticked as soon as it holds. */
export function PasswordChecklist({ checks, password, repeat }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const length = [...password].length;
  // Two empty fields "match", and a few letters are no common word yet, but ticking either before
  // there is something to judge would mislead.
  const isMet = (rule: PasswordRule) =>
    checks[rule] && (rule !== 'match' || repeat.length > 0) && (rule !== 'notGuessable' || checks.length);
  return (
    <Box
      component="ul"
      aria-label={t('account.password.rulesLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
    >
      {PASSWORD_RULES.map((rule) => {
        const met = isMet(rule);
        const Icon = met ? CheckCircle : RadioButtonUnchecked;
        return (
          <Box
            component="li"
            key={rule}
            data-rule={rule}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: met ? 'success.main' : 'text.secondary',
            }}
          >
            <Icon fontSize="small" aria-hidden />
            <Typography variant="body2" component="span" sx={{ color: met ? 'text.primary' : 'inherit' }}>
              {t(`account.password.rules.${rule}`, { length })}
            </Typography>
            <Box component="span" sx={visuallyHidden}>
              {met ? t('account.password.met') : t('account.password.notMet')}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
