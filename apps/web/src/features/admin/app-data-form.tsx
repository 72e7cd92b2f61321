import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdminAppDataResponse,
  type FeatureSwitches,
  hasOutageText,
  isVersion,
  type OutageMessage,
  SearchMode,
  type UpdateAppDataBody,
} from '@tagscout/core/api';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { LoadingSpinner } from '../../shell/loading-spinner';
import { useAdminAppData, useUpdateAppData } from '../appdata/queries';
import { fromLocalInput, toLocalInput } from './date-input';

/** The app data an administrator changes without a rebuild. */
export function AppDataForm() {
  const { t } = useTranslation();
  const query = useAdminAppData();
  // Outside the form: the form starts again from the saved data, the message stays.
  const [isSaved, setIsSaved] = useState(false);
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <Alert severity="error">{errorText(t, query.error)}</Alert>;
  return (
    <>
      <Form key={query.data.updatedAt ?? 'defaults'} data={query.data} onSaved={() => setIsSaved(true)} />
      <Snackbar
        open={isSaved}
        autoHideDuration={2000}
        onClose={() => setIsSaved(false)}
        message={t('admin.appdata.saved')}
      />
    </>
  );
}

interface Draft {
  outage: OutageMessage;
  countdown: string;
  deployedVersion: string;
  minimumVersion: string;
  switches: FeatureSwitches;
}

function Form({ data, onSaved }: { data: AdminAppDataResponse; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useUpdateAppData();
  const [draft, setDraft] = useState<Draft>(() => ({
    outage: data.outage,
    countdown: data.countDownDate > 0 ? toLocalInput(data.countDownDate) : '',
    deployedVersion: data.deployedVersion,
    minimumVersion: data.minimumVersion ?? '',
    switches: data.switches,
  }));
  const setOutage = (change: Partial<OutageMessage>) =>
    setDraft({ ...draft, outage: { ...draft.outage, ...change } });
  const setSwitch = (change: Partial<FeatureSwitches>) =>
    setDraft({ ...draft, switches: { ...draft.switches, ...change } });

  // Shown to everyone in their language, so both texts are needed; said once Save was pressed.
  const [isSubmitted, setIsSubmitted] = useState(false);
  const textMissing = (language: 'en' | 'pt') =>
    isSubmitted && draft.outage.showMessage && draft.outage[language].trim() === '';
  // The server refuses these too, but only with a sentence for the whole form.
  const deployedVersion = draft.deployedVersion.trim();
  const minimumVersion = draft.minimumVersion.trim();
  const isDeployedValid = isVersion(deployedVersion);
  const isMinimumValid = minimumVersion === '' || isVersion(minimumVersion);
  const isDeployedWrong = isSubmitted && !isDeployedValid;
  const isMinimumWrong = isSubmitted && !isMinimumValid;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!hasOutageText(draft.outage) || !isDeployedValid || !isMinimumValid) return;
    const change: UpdateAppDataBody = {
      outage: draft.outage,
      countDownDate: draft.countdown ? fromLocalInput(draft.countdown) : 0,
      deployedVersion,
      minimumVersion: minimumVersion || null,
      switches: draft.switches,
    };
    save.mutate(change, { onSuccess: onSaved });
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate aria-label={t('admin.appdata.form')}>
      <Stack sx={{ gap: 3 }}>
        <Group title={t('admin.appdata.outage')} help={t('admin.appdata.outageHelp')}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.outage.showMessage}
                onChange={(event) => setOutage({ showMessage: event.target.checked })}
              />
            }
            label={t('admin.appdata.showMessage')}
          />
          <TextField
            label={t('admin.appdata.messageEn')}
            value={draft.outage.en}
            onChange={(event) => setOutage({ en: event.target.value })}
            error={textMissing('en')}
            helperText={textMissing('en') ? t('admin.appdata.messageNeeded.en') : undefined}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <TextField
            label={t('admin.appdata.messagePt')}
            value={draft.outage.pt}
            onChange={(event) => setOutage({ pt: event.target.value })}
            error={textMissing('pt')}
            helperText={textMissing('pt') ? t('admin.appdata.messageNeeded.pt') : undefined}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Group>

        <Group title={t('admin.appdata.countdown')} help={t('admin.appdata.countdownHelp')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <TextField
              type="datetime-local"
              label={t('admin.appdata.countdownDate')}
              value={draft.countdown}
              onChange={(event) => setDraft({ ...draft, countdown: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 260 }}
            />
            <TextField
              label={t('admin.appdata.deployedVersion')}
              error={isDeployedWrong}
              helperText={isDeployedWrong ? t('admin.appdata.versionWrong') : undefined}
              value={draft.deployedVersion}
              onChange={(event) => setDraft({ ...draft, deployedVersion: event.target.value })}
            />
            <TextField
              label={t('admin.appdata.minimumVersion')}
              error={isMinimumWrong}
              helperText={t(
                isMinimumWrong ? 'admin.appdata.versionWrong' : 'admin.appdata.minimumVersionHelp',
              )}
              value={draft.minimumVersion}
              onChange={(event) => setDraft({ ...draft, minimumVersion: event.target.value })}
            />
          </Stack>
        </Group>

        <Group title={t('admin.appdata.switches')} help={t('admin.appdata.switchesHelp')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            {(['webSearchMode', 'mobileSearchMode'] as const).map((name) => (
              <TextField
                key={name}
                select
                label={t(`admin.appdata.${name}`)}
                value={draft.switches[name]}
                onChange={(event) => setSwitch({ [name]: event.target.value as SearchMode })}
                sx={{ minWidth: 220 }}
              >
                {Object.values(SearchMode).map((mode) => (
                  <MenuItem key={mode} value={mode}>
                    {t(`admin.appdata.searchMode.${mode}`)}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
          {(['betaFeedback', 'tutorialOnFirstVisit'] as const).map((name) => (
            <FormControlLabel
              key={name}
              control={
                <Switch
                  checked={draft.switches[name]}
                  onChange={(event) => setSwitch({ [name]: event.target.checked })}
                />
              }
              label={t(`admin.appdata.${name}`)}
            />
          ))}
        </Group>

        {save.isError && <Alert severity="error">{errorText(t, save.error)}</Alert>}
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('admin.appdata.save')}
          </Button>
          {data.updatedAt && (
            <Typography variant="body2" color="text.secondary">
              {t('admin.appdata.lastChange', {
                date: new Date(data.updatedAt).toLocaleString(i18n.language),
              })}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

function Group({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" sx={{ gap: 1.5, border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {help}
      </Typography>
      {children}
    </Stack>
  );
}
