import ArrowBack from '@mui/icons-material/ArrowBack';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QUARRY_BOUNDS } from '@tagscout/core/quarries';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { KeywordField } from './keyword-field';
import { type QuarryDraft, useProspecting } from './prospecting-store';
import { useCategories, useSaveQuarry } from './queries';
import { SelectedPlaces } from './selected-places';

/** The filters form: title, places, post filters and profile filters. */
export function QuarryFiltersForm() {
  const { t } = useTranslation();
  const draft = useProspecting((s) => s.draft);
  const updateDraft = useProspecting((s) => s.updateDraft);
  const backToPlaces = useProspecting((s) => s.backToPlaces);
  const cancelDraft = useProspecting((s) => s.cancelDraft);
  const openQuarry = useProspecting((s) => s.openQuarry);
  const categories = useCategories();
  const save = useSaveQuarry();
  if (!draft) return null;

  const { postFilters, profileFilters } = draft;
  const [minFollowers, maxFollowers] = profileFilters.follower_range;
  const isRangeValid =
    Number.isFinite(minFollowers) && Number.isFinite(maxFollowers) && minFollowers <= maxFollowers;
  const isAgeValid =
    Number.isInteger(postFilters.max_age) &&
    postFilters.max_age >= 1 &&
    postFilters.max_age <= QUARRY_BOUNDS.maxPostAgeDays;
  const canSave = draft.places.length > 0 && isRangeValid && isAgeValid && !save.isPending;
  const setPost = (change: Partial<QuarryDraft['postFilters']>) =>
    updateDraft({ postFilters: { ...postFilters, ...change } });
  const setProfile = (change: Partial<QuarryDraft['profileFilters']>) =>
    updateDraft({ profileFilters: { ...profileFilters, ...change } });

  const handleSave = () =>
    save.mutate(
      {
        quarryId: draft.quarryId,
        body: {
          title: draft.title.trim(),
          place_ids: draft.places.map((place) => place.id),
          post_filters: postFilters,
          profile_filters: profileFilters,
        },
      },
      { onSuccess: (quarry) => openQuarry(quarry.quarry_id) },
    );

  return (
    <Box
      component="form"
      aria-labelledby="filters-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) handleSave();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button startIcon={<ArrowBack />} onClick={backToPlaces}>
          {t('prospecting.filters.backToPlaces')}
        </Button>
      </Box>
      <Typography id="filters-title" variant="h6" component="h2">
        {draft.quarryId ? t('prospecting.filters.titleEdit') : t('prospecting.filters.title')}
      </Typography>
      <TextField
        label={t('prospecting.filters.name')}
        value={draft.title}
        onChange={(event) => updateDraft({ title: event.target.value })}
        slotProps={{ htmlInput: { maxLength: QUARRY_BOUNDS.titleChars } }}
      />
      <SelectedPlaces />

      <Section title={t('prospecting.filters.posts')} hint={t('prospecting.filters.postsHint')}>
        <KeywordField
          label={t('prospecting.filters.keywords')}
          value={postFilters.keywords}
          onChange={(keywords) => setPost({ keywords })}
        />
        <KeywordField
          label={t('prospecting.filters.negativeKeywords')}
          value={postFilters.negative_keywords}
          onChange={(negative_keywords) => setPost({ negative_keywords })}
        />
        <TextField
          type="number"
          label={t('prospecting.filters.maxAge')}
          value={Number.isFinite(postFilters.max_age) ? postFilters.max_age : ''}
          onChange={(event) =>
            setPost({ max_age: event.target.value === '' ? Number.NaN : Number(event.target.value) })
          }
          error={!isAgeValid}
          helperText={
            isAgeValid
              ? undefined
              : t('prospecting.filters.maxAgeError', { max: QUARRY_BOUNDS.maxPostAgeDays })
          }
          slotProps={{
            htmlInput: { min: 1, max: QUARRY_BOUNDS.maxPostAgeDays, step: 1 },
            input: {
              endAdornment: <InputAdornment position="end">{t('prospecting.filters.days')}</InputAdornment>,
            },
          }}
          sx={{ maxWidth: 240 }}
        />
      </Section>

      <Section title={t('prospecting.filters.profiles')} hint={t('prospecting.filters.profilesHint')}>
        <KeywordField
          label={t('prospecting.filters.categories')}
          helperText={t('prospecting.filters.categoriesHint')}
          value={profileFilters.categories}
          options={categories.data ?? []}
          onChange={(list) => setProfile({ categories: list })}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FollowerField
            label={t('prospecting.filters.minFollowers')}
            value={minFollowers}
            isError={!isRangeValid}
            onChange={(value) => setProfile({ follower_range: [value, maxFollowers] })}
          />
          <FollowerField
            label={t('prospecting.filters.maxFollowers')}
            value={maxFollowers}
            isError={!isRangeValid}
            onChange={(value) => setProfile({ follower_range: [minFollowers, value] })}
          />
        </Box>
        {!isRangeValid && (
          <Typography variant="body2" color="error" role="alert">
            {t('prospecting.filters.followerRangeError')}
          </Typography>
        )}
        <KeywordField
          label={t('prospecting.filters.profileKeywords')}
          value={profileFilters.keywords}
          onChange={(keywords) => setProfile({ keywords })}
        />
        <KeywordField
          label={t('prospecting.filters.profileNegativeKeywords')}
          value={profileFilters.negative_keywords}
          onChange={(negative_keywords) => setProfile({ negative_keywords })}
        />
      </Section>

      {save.isError && <Alert severity="error">{errorText(t, save.error)}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" startIcon={<Save />} disabled={!canSave}>
          {draft.quarryId ? t('prospecting.filters.save') : t('prospecting.filters.create')}
        </Button>
        <Button onClick={cancelDraft}>{t('prospecting.cancel')}</Button>
      </Box>
    </Box>
  );
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      sx={{ p: 2, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box component="legend" sx={{ px: 0.5 }}>
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {hint}
      </Typography>
      {children}
    </Paper>
  );
}

function FollowerField({
  label,
  value,
  isError,
  onChange,
}: {
  label: string;
  value: number;
  isError: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <TextField
      type="number"
      label={label}
      value={Number.isFinite(value) ? value : ''}
      error={isError}
      onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
      slotProps={{ htmlInput: { min: 0, step: 100 } }}
      sx={{ flex: '1 1 160px' }}
    />
  );
}
