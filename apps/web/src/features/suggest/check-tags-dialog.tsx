import FactCheck from '@mui/icons-material/FactCheck';
import Warning from '@mui/icons-material/Warning';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { HashtagCount, HashtagTrend } from '@tagscout/core/api';
import { formatCount } from '@tagscout/core/format';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { useExportList } from '../export/export-store';
import { countHeader } from '../networks/network-label';
import { useCurrentNetwork, useTrends } from '../networks/queries';
import { Dash, WeekChange } from '../networks/trend-cell';
import { fetchCounts } from '../search/search-api';
import { CaptionSuggestions } from './caption-suggestions';
import { checkTagsDraft } from './check-tags-draft';
import { tagsOfPastedText } from './suggest-api';

type Check =
  | { state: 'idle' }
  | { state: 'checking'; names: string[]; counts: Map<string, HashtagCount> }
  | { state: 'done'; names: string[]; counts: Map<string, HashtagCount> }
  | { state: 'failed'; names: string[]; message: string };

/**
 * "Check my tags": paste a caption or a list, see each tag's count and banned flag, add all but the banned;
 * and tags for the words of what was pasted, one click each (issue 35).
 */
export function CheckTagsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<FactCheck />} onClick={() => setOpen(true)}>
        {t('checkTags.open')}
      </Button>
      {open && <CheckTagsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function CheckTagsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const network = useCurrentNetwork();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const add = useExportList((state) => state.add);
  const listedTags = useExportList((state) => state.tags);
  const [text, setText] = useState(checkTagsDraft.read);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  /** How many the last "Add all" added (null: none since the last check). */
  const [added, setAdded] = useState<number | null>(null);
  const [checkedText, setCheckedText] = useState('');

  const runCheck = async () => {
    const names = await tagsOfPastedText(text);
    setAdded(null);
    setCheckedText(text.trim());
    if (names.length === 0) {
      setCheck({ state: 'done', names, counts: new Map() });
      return;
    }
    setCheck({ state: 'checking', names, counts: new Map() });
    try {
      // Batches of 100 names; unknown counts are asked again a few times.
      const counts = await fetchCounts(names, {
        onProgress: (partial) => setCheck({ state: 'checking', names, counts: new Map(partial) }),
      });
      setCheck({ state: 'done', names, counts });
    } catch (error) {
      setCheck({ state: 'failed', names, message: errorText(t, error) });
    }
  };

  const names = check.state === 'idle' ? [] : check.names;
  const counts = check.state === 'checking' || check.state === 'done' ? check.counts : new Map();
  const banned = names.filter((name) => counts.get(name)?.banned).length;
  // A banned tag hides the post it is on: it stays out of "Add all" (a result row can still add it).
  const listed = new Set(listedTags.map((tag) => tag.hashtag));
  const inList = names.filter((name) => listed.has(name)).length;
  const addable = names.filter((name) => !counts.get(name)?.banned && !listed.has(name));
  // Trends are asked for as soon as the tags are known, while unknown counts are still retried.
  const trends = useTrends(names);
  const closeButton = useRef<HTMLButtonElement>(null);
  const addAll = () => {
    for (const name of addable) add({ hashtag: name, count: counts.get(name)?.count ?? -1 });
    setAdded(addable.length);
    checkTagsDraft.forget();
    // "Add all" has nothing left to add and turns disabled: the focus goes on to Close, not to the page.
    closeButton.current?.focus();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="check-tags-title"
    >
      <DialogTitle id="check-tags-title">{t('checkTags.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            label={t('checkTags.label')}
            placeholder={t('checkTags.placeholder')}
            multiline
            minRows={3}
            maxRows={8}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              checkTagsDraft.save(event.target.value);
            }}
            autoFocus
          />
          <Button
            variant="outlined"
            onClick={runCheck}
            disabled={text.trim() === '' || check.state === 'checking'}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('checkTags.check')}
          </Button>
          {check.state === 'failed' && (
            <Alert severity="error" role="alert">
              {check.message}
            </Alert>
          )}
          {check.state === 'done' && names.length === 0 && (
            <Typography color="text.secondary" role="status">
              {t('checkTags.noTags')}
            </Typography>
          )}
          {names.length > 0 && (
            <>
              <Typography variant="body2" role="status">
                {t('checkTags.summary', { count: names.length })}
                {banned > 0 && ` ${t('checkTags.bannedSummary', { count: banned })}`}
                {/* Said of the checked text, not of the tags "Add all" just put there. */}
                {inList > 0 && added === null && ` ${t('checkTags.inListSummary', { count: inList })}`}
              </Typography>
              <Table
                size="small"
                aria-label={t('checkTags.tableLabel')}
                data-testid="checked-tags"
                // A phone's dialog is the screen's width: less padding, and long names wrap.
                sx={fullScreen ? PHONE_TABLE : undefined}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('checkTags.tag')}</TableCell>
                    <TableCell align="right">{countHeader(t, trends.data?.network ?? network)}</TableCell>
                    <TableCell align="right">{t('checkTags.trend')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {names.map((name) => {
                    const tag = counts.get(name);
                    return (
                      <TableRow key={name} data-testid="checked-tag">
                        <TableCell>
                          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                            {`#${name}`}
                            {tag?.banned && (
                              <Warning
                                fontSize="small"
                                color="warning"
                                titleAccess={t('checkTags.banned')}
                                role="img"
                                aria-label={t('checkTags.banned')}
                              />
                            )}
                          </Stack>
                        </TableCell>
                        <TableCell align="right">
                          {tag === undefined ? (
                            check.state === 'checking' ? (
                              <CircularProgress size={14} aria-label={t('checkTags.checking')} />
                            ) : (
                              '-'
                            )
                          ) : tag.count < 0 ? (
                            t('checkTags.unknown')
                          ) : (
                            formatCount(tag.count, { locale: i18n.language, compact: fullScreen })
                          )}
                        </TableCell>
                        <TableCell align="right" data-testid="checked-trend">
                          <CheckedTrend
                            trend={trends.data?.byTag.get(name)}
                            isLoading={trends.isFetching}
                            isError={trends.isError}
                          />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </>
          )}
          {checkedText !== '' && <CaptionSuggestions text={checkedText} />}
          {added !== null && (
            <Alert severity="success" role="status">
              {t('checkTags.added', { count: added })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button ref={closeButton} onClick={onClose}>
          {t('checkTags.close')}
        </Button>
        <Button variant="contained" onClick={addAll} disabled={addable.length === 0}>
          {t('checkTags.addAll', { count: addable.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const PHONE_TABLE = {
  '& th, & td': { px: 1 },
  // Room for a usual tag on one line; a longer one wraps inside it rather than widen the table.
  '& td:first-of-type': { overflowWrap: 'anywhere', minWidth: 128 },
} as const;

/** The 7-day change of a checked tag: "+25%", "new", or a dash when it had no uses. */
function CheckedTrend({
  trend,
  isLoading,
  isError,
}: {
  trend: HashtagTrend | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  const { t } = useTranslation();
  if (!trend) {
    if (isLoading) return <CircularProgress size={14} aria-label={t('checkTags.checking')} />;
    return <Dash label={t(isError ? 'trends.unavailable' : 'trends.noUses')} />;
  }
  if (trend.last_7_days === 0 && trend.week_change === null) return <Dash label={t('trends.noUses')} />;
  return <WeekChange trend={trend} />;
}
