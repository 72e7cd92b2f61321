import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

interface Week {
  week: string;
  posts: number;
  median: number;
}

/** Weekly median engagement of all your posts, and of those with the chosen tag (loaded with this screen only). */
export function EngagementChart({
  timeline,
  tagTimeline,
  hashtag,
}: {
  timeline: readonly Week[];
  tagTimeline: readonly Week[] | null;
  hashtag: string | null;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const byWeek = new Map(tagTimeline?.map((week) => [week.week, week.median]) ?? []);
  const data = timeline.map((week) => ({ week: week.week, all: week.median, tag: byWeek.get(week.week) }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="week" tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} width={40} allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line
          type="monotone"
          dataKey="all"
          name={t('ownPosts.work.chartAll')}
          stroke={theme.palette.grey[500]}
          dot={false}
          isAnimationActive={false}
        />
        {hashtag && (
          <Line
            type="monotone"
            dataKey="tag"
            name={`#${hashtag}`}
            stroke={theme.palette.primary.main}
            connectNulls
            isAnimationActive={false}
          />
        )}
      </LineChart>
    </ResponsiveContainer>
  );
}
