import ManageSearch from '@mui/icons-material/ManageSearch';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { formatBadge } from '@tagscout/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportPanel } from '../export/export-panel';
import { useExportList } from '../export/export-store';
import { FindPane } from './find-pane';
import { useIsPhone } from './use-is-phone';

type Pane = 'find' | 'export';

/** The main screen: Find and Export side by side on desktop; one at a time with a footer bar on phones. */
export function SearchPage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const tagCount = useExportList((s) => s.tags.length);
  const [pane, setPane] = useState<Pane>('find');

  if (isPhone) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100dvh - 56px)' }}>
        <Box sx={{ flexGrow: 1, minHeight: 0 }}>{pane === 'find' ? <FindPane /> : <ExportPanel />}</Box>
        <Paper elevation={8} square>
          <BottomNavigation
            showLabels
            value={pane}
            onChange={(_, value: Pane) => setPane(value)}
            component="nav"
            aria-label={t('search.panes')}
          >
            <BottomNavigationAction value="find" label={t('search.find')} icon={<ManageSearch />} />
            <BottomNavigationAction
              value="export"
              label={t('export.title')}
              icon={
                <Badge badgeContent={tagCount > 0 ? formatBadge(tagCount) : null} color="secondary">
                  <PlaylistAddCheck />
                </Badge>
              }
            />
          </BottomNavigation>
        </Paper>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', height: 'calc(100dvh - 64px)', minHeight: 0 }}>
      <Box
        component="section"
        aria-label={t('search.find')}
        sx={{ flex: '1 1 0', minWidth: 0, bgcolor: 'background.paper' }}
      >
        <FindPane />
      </Box>
      {tagCount > 0 && (
        <Box
          component="section"
          aria-label={t('export.title')}
          sx={{
            width: { sm: 340, md: 400 },
            flexShrink: 0,
            borderLeft: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <ExportPanel />
        </Box>
      )}
    </Box>
  );
}
