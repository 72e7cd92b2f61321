import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Quarry } from '@tagscout/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { useProspecting } from './prospecting-store';
import { ProspectsTable } from './prospects-table';
import { prospectsCsvUrl } from './quarries-api';
import { quarryName } from './quarry-name';
import { useDeleteQuarry, useQuarries, useRunQuarry, useSetFlags } from './queries';

/** One quarry: its places and filters in brief, its actions, and the prospects of its latest run. */
export function QuarryDetail({ quarryId }: { quarryId: string }) {
  const { t, i18n } = useTranslation();
  const quarries = useQuarries();
  const quarry = quarries.data?.find((q) => q.quarry_id === quarryId);
  const editQuarry = useProspecting((s) => s.editQuarry);
  const backToList = useProspecting((s) => s.backToList);
  const setFlags = useSetFlags();
  const run = useRunQuarry();
  const remove = useDeleteQuarry();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);

  if (quarries.isPending) return <CircularProgress aria-label={t('prospecting.list.loading')} />;
  if (!quarry) return <Alert severity="info">{t('prospecting.detail.gone')}</Alert>;
  const name = quarryName(quarry);
  const lastRun = quarry.last_run_at
    ? new Date(quarry.last_run_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  const runOutcome = run.data?.status === 'queued' ? t('prospecting.detail.queued') : null;

  return (
    <Box
      component="section"
      aria-labelledby="quarry-title"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id="quarry-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="quarry-summary">
            {lastRun
              ? t('prospecting.detail.lastRun', {
                  when: lastRun,
                  count: quarry.prospect_count,
                  new: quarry.new_prospects,
                })
              : t('prospecting.detail.neverRun')}
          </Typography>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={quarry.active}
              onChange={(event) => setFlags.mutate({ quarryId, change: { active: event.target.checked } })}
            />
          }
          label={quarry.active ? t('prospecting.detail.active') : t('prospecting.detail.paused')}
        />
      </Box>
      <Box
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        aria-label={t('prospecting.detail.filtersLabel')}
        role="group"
      >
        {quarry.places.map((place) => (
          <Chip key={place.id} size="small" label={place.title} />
        ))}
        <FilterChips quarry={quarry} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={run.isPending ? <CircularProgress size={16} color="inherit" /> : <PlayArrow />}
          disabled={!quarry.active || run.isPending}
          onClick={() => run.mutate(quarryId)}
        >
          {run.isPending ? t('prospecting.detail.running') : t('prospecting.detail.run')}
        </Button>
        <Button variant="outlined" startIcon={<Edit />} onClick={() => editQuarry(quarry)}>
          {t('prospecting.detail.edit')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<Download />}
          href={prospectsCsvUrl(quarryId)}
          download
          disabled={quarry.prospect_count === 0}
        >
          {t('prospecting.detail.export')}
        </Button>
        <Button
          startIcon={quarry.hidden ? <Visibility /> : <VisibilityOff />}
          onClick={() => setFlags.mutate({ quarryId, change: { hidden: !quarry.hidden } })}
        >
          {quarry.hidden ? t('prospecting.detail.unhide') : t('prospecting.detail.hide')}
        </Button>
        <Button color="error" startIcon={<DeleteOutline />} onClick={() => setIsConfirmingDelete(true)}>
          {t('prospecting.detail.delete')}
        </Button>
      </Box>
      {!quarry.active && <Alert severity="info">{t('prospecting.detail.inactiveHint')}</Alert>}
      {runOutcome && <Alert severity="info">{runOutcome}</Alert>}
      {run.isError && <Alert severity="error">{errorText(t, run.error)}</Alert>}
      {run.data?.status === 'done' && run.data.runs[0]?.skipped === 'limit_reached' && (
        <Alert severity="warning">{t('prospecting.detail.limitReached')}</Alert>
      )}
      <ProspectsTable
        key={`${quarryId}:${quarry.run_count}`}
        quarryId={quarryId}
        runCount={quarry.run_count}
      />
      <Dialog
        open={isConfirmingDelete}
        onClose={() => setIsConfirmingDelete(false)}
        aria-labelledby="delete-quarry-title"
      >
        <DialogTitle id="delete-quarry-title">{t('prospecting.delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('prospecting.delete.text', { name })}</DialogContentText>
          {remove.isError && <Alert severity="error">{errorText(t, remove.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsConfirmingDelete(false)}>{t('prospecting.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() =>
              remove.mutate(quarryId, {
                onSuccess: () => {
                  setIsConfirmingDelete(false);
                  backToList();
                },
              })
            }
          >
            {t('prospecting.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The filters in brief, as chips. */
function FilterChips({ quarry }: { quarry: Quarry }) {
  const { t, i18n } = useTranslation();
  const { post_filters: post, profile_filters: profile } = quarry;
  const number = (n: number) => n.toLocaleString(i18n.language);
  const chips = [
    t('prospecting.detail.chips.maxAge', { count: post.max_age }),
    t('prospecting.detail.chips.followers', {
      min: number(profile.follower_range[0]),
      max: number(profile.follower_range[1]),
    }),
    ...post.keywords.map((word) => `#${word}`),
    ...post.negative_keywords.map((word) => t('prospecting.detail.chips.not', { word: `#${word}` })),
    ...profile.categories,
    ...profile.keywords.map((word) => `“${word}”`),
    ...profile.negative_keywords.map((word) => t('prospecting.detail.chips.not', { word: `“${word}”` })),
  ];
  return chips.map((label) => <Chip key={label} size="small" variant="outlined" label={label} />);
}
