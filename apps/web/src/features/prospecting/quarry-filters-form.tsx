import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CreateQuarryBodySchema } from '@tagscout/core/api';
import { QUARRY_BOUNDS } from '@tagscout/core/quarries';
import { type ReactNode, useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorText } from '../../api/error-text';
import { KeywordField } from './keyword-field';
import { type QuarryDraft, useProspecting } from './prospecting-store';
import { useCategories, useSaveQuarry } from './queries';
import { SelectedPlaces } from './selected-places';

/** What this form edits, under the quarry contract's own rules (core): post age, follower range, lists. */
const FiltersSchema = CreateQuarryBodySchema.pick({ title: true, post_filters: true, profile_filters: true });
type Filters = z.output<typeof FiltersSchema>;

const FOLLOWER_FIELDS = [
  { label: 'minFollowers', name: 'profile_filters.follower_range.0' },
  { label: 'maxFollowers', name: 'profile_filters.follower_range.1' },
] as const;

/** The filters form: title, places, post filters and profile filters. */
export function QuarryFiltersForm() {
  const draft = useProspecting((s) => s.draft);
  if (!draft) return null;
  // Another quarry's draft is another form.
  return <FiltersForm key={draft.quarryId ?? 'new'} draft={draft} />;
}

function FiltersForm({ draft }: { draft: QuarryDraft }) {
  const { t } = useTranslation();
  const updateDraft = useProspecting((s) => s.updateDraft);
  const backToPlaces = useProspecting((s) => s.backToPlaces);
  const cancelDraft = useProspecting((s) => s.cancelDraft);
  const openQuarry = useProspecting((s) => s.openQuarry);
  const categories = useCategories();
  const save = useSaveQuarry();
  const { control, handleSubmit, subscribe, getFieldState, formState } = useForm<Filters, unknown, Filters>({
    // The form always holds every field (defaultValues), so the schema's input, where its defaults
    // make fields optional, is its output here.
    resolver: zodResolver(FiltersSchema) as Resolver<Filters, unknown, Filters>,
    mode: 'onChange',
    defaultValues: {
      title: draft.title,
      post_filters: draft.postFilters,
      profile_filters: draft.profileFilters,
    },
  });
  const { errors } = formState;

  // The draft follows the form, so going back to the places (or typing a place) keeps what was typed.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) =>
          updateDraft({
            title: values.title,
            postFilters: values.post_filters,
            profileFilters: values.profile_filters,
          }),
      }),
    [subscribe, updateDraft],
  );

  // Either count wrong in itself (not a whole number from 0 up), or min above max.
  const isRangeInvalid = getFieldState('profile_filters.follower_range', formState).invalid;
  const isCountInvalid = FOLLOWER_FIELDS.some(({ name }) => getFieldState(name, formState).invalid);
  const canSave = draft.places.length > 0 && !hasErrors(errors) && !save.isPending;

  const handleSave = (filters: Filters) =>
    save.mutate(
      {
        quarryId: draft.quarryId,
        body: {
          title: filters.title,
          place_ids: draft.places.map((place) => place.id),
          post_filters: filters.post_filters,
          profile_filters: filters.profile_filters,
        },
      },
      { onSuccess: (quarry) => openQuarry(quarry.quarry_id) },
    );

  return (
    <Box
      component="form"
      aria-labelledby="filters-title"
      onSubmit={(event) => {
        if (canSave) return handleSubmit(handleSave)(event);
        event.preventDefault();
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
      <Controller
        control={control}
        name="title"
        render={({ field }) => (
          <TextField
            label={t('prospecting.filters.name')}
            {...field}
            slotProps={{ htmlInput: { maxLength: QUARRY_BOUNDS.titleChars } }}
          />
        )}
      />
      <SelectedPlaces />

      <Section title={t('prospecting.filters.posts')} hint={t('prospecting.filters.postsHint')}>
        <Controller
          control={control}
          name="post_filters.keywords"
          render={({ field }) => (
            <KeywordField
              label={t('prospecting.filters.keywords')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="post_filters.negative_keywords"
          render={({ field }) => (
            <KeywordField
              label={t('prospecting.filters.negativeKeywords')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="post_filters.max_age"
          render={({ field, fieldState }) => (
            <TextField
              type="number"
              label={t('prospecting.filters.maxAge')}
              {...numberInput(field)}
              error={fieldState.invalid}
              helperText={
                fieldState.invalid
                  ? t('prospecting.filters.maxAgeError', { max: QUARRY_BOUNDS.maxPostAgeDays })
                  : undefined
              }
              slotProps={{
                htmlInput: { min: 1, max: QUARRY_BOUNDS.maxPostAgeDays, step: 1 },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">{t('prospecting.filters.days')}</InputAdornment>
                  ),
                },
              }}
              sx={{ maxWidth: 240 }}
            />
          )}
        />
      </Section>

      <Section title={t('prospecting.filters.profiles')} hint={t('prospecting.filters.profilesHint')}>
        <Controller
          control={control}
          name="profile_filters.categories"
          render={({ field }) => (
            <KeywordField
              label={t('prospecting.filters.categories')}
              helperText={t('prospecting.filters.categoriesHint')}
              value={field.value}
              options={categories.data ?? []}
              onChange={field.onChange}
            />
          )}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {FOLLOWER_FIELDS.map(({ label, name }) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <TextField
                  type="number"
                  label={t(`prospecting.filters.${label}`)}
                  {...numberInput(field)}
                  error={isRangeInvalid}
                  slotProps={{ htmlInput: { min: 0, step: 1 } }}
                  sx={{ flex: '1 1 160px' }}
                />
              )}
            />
          ))}
        </Box>
        {isRangeInvalid && (
          <Typography variant="body2" color="error" role="alert">
            {isCountInvalid
              ? t('prospecting.filters.followerCountError')
              : t('prospecting.filters.followerRangeError')}
          </Typography>
        )}
        <Controller
          control={control}
          name="profile_filters.keywords"
          render={({ field }) => (
            <KeywordField
              label={t('prospecting.filters.profileKeywords')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="profile_filters.negative_keywords"
          render={({ field }) => (
            <KeywordField
              label={t('prospecting.filters.profileNegativeKeywords')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
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

/** A number field's value and change: empty is NaN in the form (which the rules refuse), '' on screen. */
function numberInput(field: { value: number; onChange: (value: number) => void; onBlur: () => void }) {
  return {
    value: Number.isFinite(field.value) ? field.value : '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value)),
    onBlur: field.onBlur,
  };
}

function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
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
