import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AutomationField } from './automation-fields';
import { readPath } from './automation-fields';
import { KeywordField } from './keyword-field';

/** The input for one template setting, labelled from i18n by its path. */
export function AutomationFieldInput({
  field,
  document,
  isInvalid,
  onChange,
}: {
  field: AutomationField;
  document: unknown;
  isInvalid: boolean;
  onChange: (path: string, value: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const label = t(`prospecting.automation.fields.${field.path}`);
  const value = readPath(document, field.path);
  const error = isInvalid ? t('prospecting.automation.fieldError') : undefined;

  switch (field.kind) {
    case 'switch':
      return (
        <FormControlLabel
          control={
            <Switch
              checked={value === true}
              onChange={(event) => onChange(field.path, event.target.checked)}
            />
          }
          label={label}
        />
      );
    case 'text':
      return (
        <TextField
          size="small"
          label={label}
          value={typeof value === 'string' ? value : ''}
          error={isInvalid}
          helperText={error}
          onChange={(event) => onChange(field.path, event.target.value)}
          slotProps={{ htmlInput: { maxLength: field.maxLength } }}
        />
      );
    case 'number':
      return (
        <TextField
          size="small"
          type="number"
          label={label}
          value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
          error={isInvalid}
          helperText={
            error ??
            t('prospecting.automation.range', {
              min: field.min.toLocaleString(i18n.language),
              max: field.max.toLocaleString(i18n.language),
            })
          }
          onChange={(event) => {
            const text = event.target.value;
            onChange(field.path, text === '' ? (field.isNullable ? null : Number.NaN) : Number(text));
          }}
          slotProps={{ htmlInput: { min: field.min, max: field.max, step: field.step ?? 1 } }}
        />
      );
    case 'words':
      return (
        <KeywordField
          label={label}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(words) => onChange(field.path, words)}
        />
      );
    case 'choices':
      return (
        <Autocomplete
          multiple
          size="small"
          options={field.choices}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(_, next) => onChange(field.path, next)}
          renderInput={(params) => (
            <TextField {...params} label={label} error={isInvalid} helperText={error} />
          )}
        />
      );
  }
}
