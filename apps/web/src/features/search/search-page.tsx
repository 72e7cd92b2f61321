import ManageSearch from '@mui/icons-material/ManageSearch';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { formatBadge } from '@tagscout/core/format';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorText } from '../../api/error-text';
import { MessageDialog } from '../../components/upgrade-dialog';
import { TopicBar } from '../collections/topic-bar';
import { UnsavedChangesDialog } from '../collections/unsaved-changes-dialog';
import { useLeaveGuard } from '../collections/use-leave-guard';
import { useTopicName } from '../collections/use-topic-name';
import { useTopicRoute } from '../collections/use-topic-route';
import { useTopicSaver } from '../collections/use-topic-saver';
import { ExportPanel } from '../export/export-panel';
import { useExportList } from '../export/export-store';
import { FindPane } from './find-pane';
import { isFocusAsked, shouldFocusSearch } from './focus-search';
import { useSearch } from './search-store';
import { EXPORT_PANE_ID, SkipToExport } from './skip-to-export';
import { useIsPhone } from './use-is-phone';

type Pane = 'find' | 'export';

/** Something waiting for an answer about unsaved changes: Save, Don't save (go on) or Cancel. */
interface HeldAction {
  proceed: () => void;
  cancel?: () => void;
}

/**
 * The main screen: Find and Export side by side on desktop; one at a time with a footer bar on
 * phones. On /tags the export list is a collection that can be saved, reopened (/tags/:topicId) and
 * is guarded against leaving with unsaved changes; on /try it is a list to copy only.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const { topicId } = useParams();
  const location = useLocation();
  const canKeepTopics = location.pathname.startsWith('/tags');
  // The search box took the focus this visit asked for (its effect runs first): a reload, or Back to
  // this entry, does not take it again.
  useEffect(() => {
    if (isFocusAsked(location.state)) {
      navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    }
  }, [location, navigate]);
  const tagCount = useExportList((s) => s.tags.length);
  const hasSavedTopic = useExportList((s) => s.topic.topicId !== null);
  const isModified = useExportList((s) => s.isModified);
  const topicName = useTopicName();
  const saver = useTopicSaver();
  const [pane, setPane] = useState<Pane>(topicId ? 'export' : 'find');
  const [held, setHeld] = useState<HeldAction | null>(null);

  // Only changes to a list with tags, or to a saved collection, can be lost.
  const hasWorkToLose = isModified && (tagCount > 0 || hasSavedTopic);
  useLeaveGuard(canKeepTopics && hasWorkToLose, (proceed) => setHeld({ proceed }));
  const route = useTopicRoute(topicId, canKeepTopics, (proceed, cancel) => setHeld({ proceed, cancel }));

  // A collection opened on a phone shows its list.
  useEffect(() => {
    if (topicId) setPane('export');
  }, [topicId]);

  const startNewSearch = () => {
    useSearch.getState().reset();
    useExportList.getState().clear();
    setPane('find');
    if (canKeepTopics) navigate('/tags');
  };
  const handleNewSearch = () => {
    const { isModified: hasChanges, tags } = useExportList.getState();
    if (hasChanges && tags.length > 0) setHeld({ proceed: startNewSearch });
    else startNewSearch();
  };

  const handleHeldSave = async () => {
    if (!held) return;
    const outcome = await saver.save();
    if (outcome === 'saved') {
      setHeld(null);
      held.proceed();
    }
  };

  const topicBar = canKeepTopics ? (
    <TopicBar onSave={() => void saver.save()} onRename={saver.rename} isSaving={saver.isSaving} />
  ) : undefined;
  const exportPanel = <ExportPanel topicBar={topicBar} />;
  const hasExportPane = tagCount > 0 || (canKeepTopics && hasSavedTopic);
  const findPane = (
    <FindPane
      onNewSearch={handleNewSearch}
      afterSearchBar={!isPhone && hasExportPane ? <SkipToExport /> : undefined}
      isSearchFocusedOnArrival={shouldFocusSearch(location.state)}
    />
  );

  const dialogs = (
    <>
      {saver.element}
      {held && (
        <UnsavedChangesDialog
          name={topicName}
          canSave={canKeepTopics}
          isSaving={saver.isSaving}
          onSave={() => void handleHeldSave()}
          onDiscard={() => {
            // "Discard changes" drops them: a saved collection reopens as saved, a new list is emptied.
            useExportList.getState().clear();
            setHeld(null);
            held.proceed();
          }}
          onCancel={() => {
            setHeld(null);
            held.cancel?.();
          }}
        />
      )}
      <MessageDialog
        isOpen={route.error !== null}
        title={t(route.error?.status === 404 ? 'topic.notFound.title' : 'topic.loadFailed')}
        message={route.error?.status === 404 ? t('topic.notFound.body') : errorText(t, route.error?.cause)}
        offerUpgrade={route.error?.status === 403}
        onClose={() => {
          route.dismissError();
          navigate('/tags', { replace: true });
        }}
      />
    </>
  );
  const loading = route.isLoading && <LinearProgress aria-label={t('topic.loading')} />;

  if (isPhone) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        {loading}
        <Box sx={{ flexGrow: 1, minHeight: 0 }}>{pane === 'find' ? findPane : exportPanel}</Box>
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
        {dialogs}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      {loading}
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
        <Box
          component="section"
          aria-label={t('search.find')}
          sx={{ flex: '1 1 0', minWidth: 0, bgcolor: 'background.paper' }}
        >
          {findPane}
        </Box>
        {hasExportPane && (
          <Box
            component="section"
            id={EXPORT_PANE_ID}
            tabIndex={-1}
            aria-label={t('export.title')}
            sx={{
              width: { sm: 340, md: 400 },
              flexShrink: 0,
              borderLeft: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            {exportPanel}
          </Box>
        )}
      </Box>
      {dialogs}
    </Box>
  );
}
