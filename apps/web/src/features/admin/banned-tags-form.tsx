import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BANNED_TAGS_LIMITS } from '@tagscout/core/api';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { LoadingSpinner } from '../../shell/loading-spinner';
import { useBannedTags, useUpdateBannedTags } from '../appdata/queries';

/** The banned tags, one a line; saving replaces the whole list. */
export function BannedTagsForm() {
  const { t } = useTranslation();
  const query = useBannedTags();
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <Alert severity="error">{errorText(t, query.error)}</Alert>;
  return <Editor key={query.data.bannedTags.join(',')} tags={query.data.bannedTags} />;
}

function Editor({ tags }: { tags: string[] }) {
  const { t, i18n } = useTranslation();
  const save = useUpdateBannedTags();
  const [text, setText] = useState(tags.join('\n'));

  // Said beside the field: the server refuses such a list only with a sentence for the whole request.
  const [problem, setProblem] = useState<Problem | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const lines = text.split('\n').map((line) => line.split(',').map((tag) => tag.trim()));
    const list = lines.flat().filter(Boolean);
    const found = problemOf(lines, list.length);
    setProblem(found);
    if (!found) save.mutate(list);
  };
  const problemText =
    problem === null
      ? null
      : problem.kind === 'tooLong'
        ? t('admin.bannedTags.tooLong', { line: problem.line, start: problem.start, max: LIMITS.tagChars })
        : t('admin.bannedTags.tooMany', { max: LIMITS.tags.toLocaleString(i18n.language) });

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate sx={{ mt: 4 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('admin.bannedTags.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('admin.bannedTags.help', { count: tags.length })}
      </Typography>
      <TextField
        label={t('admin.bannedTags.label')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        error={problemText !== null}
        helperText={problemText}
        multiline
        minRows={4}
        maxRows={12}
        fullWidth
      />
      {save.data && save.data.rejected.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('admin.bannedTags.rejected', { tags: save.data.rejected.join(', ') })}
        </Alert>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorText(t, save.error)}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 1.5, gap: 2, alignItems: 'center' }}>
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          {t('admin.bannedTags.save')}
        </Button>
        {save.isSuccess && (
          <Typography variant="body2" color="success.main">
            {t('admin.bannedTags.saved', { count: save.data.bannedTags.length })}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

const LIMITS = BANNED_TAGS_LIMITS;

type Problem = { kind: 'tooLong'; line: number; start: string } | { kind: 'tooMany' };

/** What keeps the list from being saved: a line with a tag too long for any network, or too many tags. */
function problemOf(lines: string[][], count: number): Problem | null {
  const index = lines.findIndex((line) => line.some((tag) => tag.length > LIMITS.tagChars));
  if (index >= 0) {
    const tag = lines[index]!.find((part) => part.length > LIMITS.tagChars)!;
    // By characters, not UTF-16 units: an emoji is not cut in half.
    return { kind: 'tooLong', line: index + 1, start: `${Array.from(tag).slice(0, 20).join('')}…` };
  }
  return count > LIMITS.tags ? { kind: 'tooMany' } : null;
}
