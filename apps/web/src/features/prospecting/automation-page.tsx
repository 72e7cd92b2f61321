import ArrowBack from '@mui/icons-material/ArrowBack';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type AutomationTemplate, AutomationTemplateSchema } from '@tagscout/core/quarries';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../api/error-text';
import { AutomationFieldInput } from './automation-field-input';
import { AUTOMATION_SECTIONS, writePath } from './automation-fields';
import { useAutomationTemplate, useSaveAutomationTemplate } from './queries';

/**
 * /prospecting/automation: the account's automation settings template (docs/product-rules.md#prospecting), edited and
 * validated with the same schema the server uses. It is kept, not acted on.
 */
export function AutomationPage() {
  const { t } = useTranslation();
  const stored = useAutomationTemplate();

  return (
    <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Button component={RouterLink} to="/prospecting" startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
        {t('prospecting.title')}
      </Button>
      <Typography variant="h5" component="h1">
        {t('prospecting.automation.title')}
      </Typography>
      <Alert severity="info" sx={{ my: 2 }}>
        {t('prospecting.automation.notice')}
      </Alert>
      {stored.isPending && <CircularProgress aria-label={t('prospecting.automation.loading')} />}
      {stored.isError && <Alert severity="error">{errorText(t, stored.error)}</Alert>}
      {stored.data && <TemplateForm initial={stored.data.template} savedAt={stored.data.updated_at} />}
    </Box>
  );
}

function TemplateForm({ initial, savedAt }: { initial: AutomationTemplate; savedAt: string | null }) {
  const { t, i18n } = useTranslation();
  const [template, setTemplate] = useState(initial);
  const [isChanged, setIsChanged] = useState(false);
  const save = useSaveAutomationTemplate();
  const parsed = AutomationTemplateSchema.safeParse(template);
  const invalidPaths = new Set(
    parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.')),
  );

  const handleChange = (path: string, value: unknown) => {
    setTemplate((current) => writePath(current, path, value));
    setIsChanged(true);
  };

  return (
    <Box
      component="form"
      aria-label={t('prospecting.automation.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        save.mutate(parsed.data, {
          onSuccess: (saved) => {
            setTemplate(saved.template);
            setIsChanged(false);
          },
        });
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {AUTOMATION_SECTIONS.map((section) => (
        <Paper key={section.key} variant="outlined" component="fieldset" sx={{ m: 0, p: 2 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, px: 0.5 }}>
            {t(`prospecting.automation.sections.${section.key}`)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
              gap: 2,
              alignItems: 'center',
              mt: 1,
            }}
          >
            {section.fields.map((field) => (
              <AutomationFieldInput
                key={field.path}
                field={field}
                document={template}
                isInvalid={invalidPaths.has(field.path)}
                onChange={handleChange}
              />
            ))}
          </Box>
        </Paper>
      ))}
      {!parsed.success && (
        <Alert severity="warning" role="alert">
          {t('prospecting.automation.invalid')}
        </Alert>
      )}
      {save.isError && <Alert severity="error">{errorText(t, save.error)}</Alert>}
      {save.isSuccess && !isChanged && <Alert severity="success">{t('prospecting.automation.saved')}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          disabled={!parsed.success || save.isPending}
        >
          {t('prospecting.automation.save')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {savedAt
            ? t('prospecting.automation.savedAt', {
                when: new Date(savedAt).toLocaleString(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })
            : t('prospecting.automation.defaults')}
        </Typography>
      </Box>
    </Box>
  );
}
