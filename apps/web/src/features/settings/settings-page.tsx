import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@tagscout/core/limits';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessageDialog } from '../../components/upgrade-dialog';
import { SUPPORTED_LANGUAGES } from '../../i18n/i18n';
import { safeLocalStorage } from '../../shell/safe-storage';
import { useCapabilities, useSession } from '../../shell/session-store';
import { type RelatedOrder, useSettings } from './settings-store';

/** Every setting (docs/product-rules.md#settings), stored in the browser and applied at once. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const caps = useCapabilities();
  const isAccountKnown = useSession((session) => session.isLoaded);
  const settings = useSettings();
  const [isBrandingPromptOpen, setIsBrandingPromptOpen] = useState(false);

  const handleBranding = (isOn: boolean) => {
    if (!isAccountKnown) return;
    if (isOn && !caps.canRemoveBranding) return setIsBrandingPromptOpen(true);
    settings.update({ brandingDisabled: isOn });
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('pages.settings')}
        </Typography>
        <Stack divider={<Divider flexItem />} sx={{ gap: 2 }}>
          <Setting title={t('settings.textBefore.title')} help={t('settings.textBefore.help')}>
            <Toggle
              label={t('settings.textBefore.switch')}
              checked={settings.textBeforeHashtagsEnabled}
              onChange={(value) => settings.update({ textBeforeHashtagsEnabled: value })}
            />
            <TextField
              multiline
              minRows={3}
              fullWidth
              size="small"
              label={t('settings.textBefore.text')}
              disabled={!settings.textBeforeHashtagsEnabled}
              value={settings.textBeforeHashtagsText}
              onChange={(event) => settings.update({ textBeforeHashtagsText: event.target.value })}
              sx={{ mt: 1 }}
            />
          </Setting>
          <Setting title={t('settings.emojis.title')} help={t('settings.emojis.help')}>
            <Toggle
              label={t('settings.emojis.switch')}
              checked={settings.emojisEnabled}
              onChange={(value) => settings.update({ emojisEnabled: value })}
            />
          </Setting>
          <Setting title={t('settings.comma.title')} help={t('settings.comma.help')}>
            <Toggle
              label={t('settings.comma.switch')}
              checked={settings.exportCommaDelimited}
              onChange={(value) => settings.update({ exportCommaDelimited: value })}
            />
          </Setting>
          <Setting
            title={t('settings.relatedCount.title', { count: settings.relatedTagCount })}
            help={t('settings.relatedCount.help')}
          >
            <Slider
              aria-label={t('settings.relatedCount.label')}
              min={LIMITS.relatedTagsPageSize}
              max={LIMITS.relatedTagsKept}
              step={LIMITS.relatedTagsPageSize}
              marks
              value={settings.relatedTagCount}
              onChange={(_, value) => settings.update({ relatedTagCount: value as number })}
              valueLabelDisplay="auto"
            />
          </Setting>
          <Setting title={t('settings.ranking.title')} help={t('settings.ranking.help')}>
            <TextField
              select
              size="small"
              label={t('settings.ranking.label')}
              value={settings.relatedRanking}
              onChange={(event) => settings.update({ relatedRanking: event.target.value as RelatedOrder })}
              sx={{ minWidth: 260 }}
            >
              <MenuItem value="subcount">{t('settings.ranking.subcount')}</MenuItem>
              <MenuItem value="spec">{t('settings.ranking.spec')}</MenuItem>
              <MenuItem value="idfWeighted">{t('settings.ranking.idfWeighted')}</MenuItem>
            </TextField>
          </Setting>
          {caps.canSetBgSeedSearches && (
            <Setting
              title={t('settings.bgSeed.title', { count: settings.bgSeedSearches })}
              help={t('settings.bgSeed.help')}
            >
              <Slider
                aria-label={t('settings.bgSeed.label')}
                min={LIMITS.bgSeedSearchesMin}
                max={LIMITS.bgSeedSearchesMax}
                value={settings.bgSeedSearches}
                onChange={(_, value) => settings.update({ bgSeedSearches: value as number })}
                valueLabelDisplay="auto"
              />
            </Setting>
          )}
          <Setting title={t('settings.branding.title')} help={t('settings.branding.help')}>
            <Toggle
              label={t('settings.branding.switch')}
              checked={caps.canRemoveBranding && settings.brandingDisabled}
              // Until the account is known, a customer's switch would look like a free visitor's.
              disabled={!isAccountKnown}
              onChange={handleBranding}
            />
          </Setting>
          {caps.canLogout && (
            <Setting title={t('settings.account.title')} help={t('settings.account.help')}>
              <Link component={RouterLink} to="/account">
                {t('settings.account.link')}
              </Link>
            </Setting>
          )}
          <Setting title={t('settings.language.title')}>
            <TextField
              select
              size="small"
              label={t('settings.language.label')}
              value={i18n.resolvedLanguage ?? 'en'}
              onChange={(event) => {
                safeLocalStorage.setItem('language', event.target.value);
                void i18n.changeLanguage(event.target.value);
              }}
              sx={{ minWidth: 200 }}
            >
              {SUPPORTED_LANGUAGES.map((language) => (
                <MenuItem key={language} value={language}>
                  {t(`settings.language.${language}`)}
                </MenuItem>
              ))}
            </TextField>
          </Setting>
        </Stack>
      </Paper>
      <MessageDialog
        isOpen={isBrandingPromptOpen}
        title={t('settings.branding.promptTitle')}
        message={t('settings.branding.prompt')}
        onClose={() => setIsBrandingPromptOpen(false)}
        offerUpgrade
      />
    </Box>
  );
}

function Setting({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {help}
        </Typography>
      )}
      {children}
    </div>
  );
}

function Toggle({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <FormControlLabel
      disabled={disabled}
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
    />
  );
}
