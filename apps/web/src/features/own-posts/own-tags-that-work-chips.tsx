import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/session-store';
import { useExportList } from '../export/export-store';
import { useOwnPostsStore } from './own-posts-store';
import { useEngagement } from './queries';

/**
 * "Your tags that work" in the list's suggestions: only when the user turned it on under Your posts
 * (never silently), and only tags whose posts do better with them than without.
 */
export function OwnTagsThatWorkChips({ exclude }: { exclude: readonly string[] }) {
  const { t } = useTranslation();
  const hasAccount = useSession((s) => s.isLoaded && s.account.isSignedIn);
  const isOn = useOwnPostsStore((state) => state.suggestFromOwnTags);
  const engagement = useEngagement(null, hasAccount && isOn);
  const add = useExportList((state) => state.add);
  if (!isOn || !engagement.data) return null;
  const working = engagement.data.tags
    .filter((row) => !row.too_few && (row.lift ?? 0) > 1 && !exclude.includes(row.hashtag))
    .slice(0, 10);
  if (working.length === 0) return null;
  return (
    <Stack sx={{ mt: 1, gap: 0.5 }}>
      <Typography variant="caption" color="text.secondary">
        {t('ownPosts.work.inSuggestions')}
      </Typography>
      <Stack direction="row" data-testid="own-tags-that-work" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {working.map((row) => (
          <Chip
            key={`${row.network}:${row.hashtag}`}
            size="small"
            color="success"
            variant="outlined"
            icon={<PlaylistAdd />}
            label={`#${row.hashtag} · ×${Math.round((row.lift ?? 0) * 10) / 10}`}
            aria-label={t('suggest.add', { tag: row.hashtag })}
            onClick={() => add({ hashtag: row.hashtag, count: -1 })}
          />
        ))}
      </Stack>
    </Stack>
  );
}
