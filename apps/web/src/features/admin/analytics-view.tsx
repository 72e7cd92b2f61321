import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EVENT_TYPES, type EventType } from '@tagscout/core/api';
import { formatCount } from '@tagscout/core/format';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorText } from '../../api/error-text';
import { LoadingSpinner } from '../../shell/loading-spinner';
import { useAnalyticsSummary } from '../appdata/queries';
import { toChartRows } from './chart-rows';

const RANGES = [7, 30, 90] as const;

/** Event counts by type and day, as a stacked bar chart and a table of totals. */
export function AnalyticsView() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const [days, setDays] = useState<number>(30);
  const query = useAnalyticsSummary(days);
  const palette = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.warning.main,
    theme.palette.info.main,
    theme.palette.success.main,
    theme.palette.error.light,
    theme.palette.grey[600],
  ];

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('admin.analytics.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('admin.analytics.range')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          sx={{ minWidth: 160 }}
        >
          {RANGES.map((range) => (
            <MenuItem key={range} value={range}>
              {t('admin.analytics.lastDays', { count: range })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isPending && <LoadingSpinner />}
      {query.isError && <Alert severity="error">{errorText(t, query.error)}</Alert>}
      {query.isSuccess && query.data.totals.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} role="status">
          {t('admin.analytics.empty')}
        </Typography>
      )}
      {query.isSuccess && query.data.totals.length > 0 && (
        <>
          <Box
            role="img"
            aria-label={t('admin.analytics.chartLabel', { from: query.data.from, to: query.data.to })}
            sx={{ width: '100%', height: 320 }}
          >
            <Chart summary={query.data} palette={palette} />
          </Box>
          <Table size="small" aria-label={t('admin.analytics.totals')} sx={{ maxWidth: 480 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.analytics.event')}</TableCell>
                <TableCell align="right">{t('admin.analytics.count')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.totals.map((total) => (
                <TableRow key={total.eventType}>
                  <TableCell>{eventName(t, total.eventType)}</TableCell>
                  <TableCell align="right">{formatCount(total.count, { locale: i18n.language })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Stack>
  );
}

function Chart({ summary, palette }: { summary: Parameters<typeof toChartRows>[0]; palette: string[] }) {
  const { t } = useTranslation();
  const { rows, types } = toChartRows(summary);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        {types.map((type, index) => (
          <Bar
            key={type}
            dataKey={type}
            name={eventName(t, type)}
            stackId="events"
            fill={palette[index % palette.length]}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** An event type as a reader says it ("Tutorial viewed"); a type this app does not know, as stored. */
function eventName(t: TFunction, type: string): string {
  const known = (EVENT_TYPES as readonly string[]).includes(type);
  return known ? t(`admin.analytics.eventNames.${type as EventType}`) : type;
}
