import Verified from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCount } from '@tagscout/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { useIsPhone } from '../search/use-is-phone';
import { useProspects } from './queries';

const PAGE_SIZES = [25, 50, 100];

/** The prospects of the quarry's latest run, new ones first and marked (keyed by run: a new run starts on page 1). */
export function ProspectsTable({ quarryId, runCount }: { quarryId: string; runCount: number }) {
  const { t, i18n } = useTranslation();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const prospects = useProspects(quarryId, page + 1, pageSize);
  const data = prospects.data;
  const count = (n: number) => formatCount(n, { compact: isPhone, locale: i18n.language });
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short' });

  return (
    <Box component="section" aria-labelledby="prospects-title">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="prospects-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('prospecting.prospects.title')}
        </Typography>
        {data && data.total > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="prospect-counts">
            {t('prospecting.prospects.counts', { count: data.total, new: data.new_count })}
          </Typography>
        )}
      </Box>
      <Box sx={{ height: 4 }}>
        {prospects.isFetching && <LinearProgress aria-label={t('prospecting.prospects.loading')} />}
      </Box>
      {prospects.isError && <Alert severity="error">{errorText(t, prospects.error)}</Alert>}
      {data && data.total === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }} role="status">
          {runCount === 0 ? t('prospecting.prospects.notRun') : t('prospecting.prospects.none')}
        </Typography>
      )}
      {data && data.total > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-labelledby="prospects-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('prospecting.prospects.columns.profile')}</TableCell>
                  <TableCell align="right">{t('prospecting.prospects.columns.followers')}</TableCell>
                  {!isPhone && <TableCell>{t('prospecting.prospects.columns.category')}</TableCell>}
                  {!isPhone && (
                    <TableCell align="right">{t('prospecting.prospects.columns.posts')}</TableCell>
                  )}
                  {!isPhone && <TableCell>{t('prospecting.prospects.columns.lastPost')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.prospects.map((prospect) => (
                  <TableRow
                    key={prospect.profile_id}
                    data-testid="prospect-row"
                    data-new={prospect.is_new}
                    sx={prospect.is_new ? { bgcolor: 'rgba(0, 137, 123, 0.06)' } : undefined}
                  >
                    <TableCell sx={{ maxWidth: { xs: 200, sm: 320 } }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
                        <Link
                          href={`https://www.instagram.com/${encodeURIComponent(prospect.username)}/`}
                          target="_blank"
                          rel="noopener noreferrer"
                          underline="hover"
                          sx={{
                            fontWeight: 600,
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          @{prospect.username}
                        </Link>
                        {prospect.is_verified && (
                          <Verified
                            color="primary"
                            sx={{ fontSize: 16 }}
                            titleAccess={t('prospecting.prospects.verified')}
                          />
                        )}
                        {prospect.is_new && (
                          <Chip
                            label={t('prospecting.prospects.new')}
                            color="secondary"
                            size="small"
                            sx={{ height: 20 }}
                          />
                        )}
                      </Box>
                      {prospect.full_name && (
                        <Typography variant="caption" color="text.secondary" noWrap component="div">
                          {prospect.full_name}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{count(prospect.followers)}</TableCell>
                    {!isPhone && <TableCell>{prospect.category ?? '—'}</TableCell>}
                    {!isPhone && <TableCell align="right">{prospect.matched_posts}</TableCell>}
                    {!isPhone && <TableCell>{date(prospect.last_post_at)}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={Math.min(page, Math.max(0, Math.ceil(data.total / pageSize) - 1))}
            rowsPerPage={pageSize}
            rowsPerPageOptions={isPhone ? [] : PAGE_SIZES}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('prospecting.prospects.perPage')}
            labelDisplayedRows={({ from, to, count: total }) =>
              t('prospecting.prospects.shown', { from, to, total })
            }
            getItemAriaLabel={(type) => t(`prospecting.prospects.page.${type}`)}
          />
        </Paper>
      )}
    </Box>
  );
}
