import Snackbar from '@mui/material/Snackbar';
import type { Topic } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { MessageDialog } from '../../components/upgrade-dialog';
import { useCapabilities } from '../../shell/session-store';
import { topicBody, useExportList } from '../export/export-store';
import { TOAST_ABOVE_PANE_BAR } from '../search/use-is-phone';
import { type ConflictChoice, ConflictDialog } from './conflict-dialog';
import { useForgetTopicList } from './queries';
import { showTopic } from './show-topic';
import { TitleDialog } from './title-dialog';
import { createTopic, fetchTopic, updateTopic } from './topics-api';

/** Long enough to read why a save failed. */
const ERROR_NOTICE_MS = 6000;

export type SaveOutcome = 'saved' | 'reloaded' | 'cancelled' | 'failed';

export interface TopicSaver {
  /** Saves the export list: asks for a title the first time; offers the upgrade to visitors who cannot. */
  save: () => Promise<SaveOutcome>;
  rename: () => void;
  isSaving: boolean;
  /** The dialogs and messages of saving; render once. */
  element: ReactNode;
}

type TitlePrompt = { mode: 'create' | 'rename'; resolve: (title: string | null) => void };
type Notice = { severity: 'success' | 'error'; text: string };

/**
 * The collection's save flow (docs/product-rules.md#collections): new -> create with a title -> modified ->
 * update. An update names the version it was edited from; if the topic was saved elsewhere since,
 * the user reloads that version or saves theirs over it, so no save silently overwrites another.
 */
export function useTopicSaver(): TopicSaver {
  const { t } = useTranslation();
  const caps = useCapabilities();
  const navigate = useNavigate();
  const forgetTopicList = useForgetTopicList();
  const [titlePrompt, setTitlePrompt] = useState<TitlePrompt | null>(null);
  const [conflictPrompt, setConflictPrompt] = useState<((choice: ConflictChoice) => void) | null>(null);
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The save's own flag answers a second click at once, before the mutation's state has rendered.
  const isBusy = useRef(false);

  const askTitle = useCallback(
    (mode: TitlePrompt['mode']) => new Promise<string | null>((resolve) => setTitlePrompt({ mode, resolve })),
    [],
  );
  const askConflict = useCallback(
    () => new Promise<ConflictChoice>((resolve) => setConflictPrompt(() => resolve)),
    [],
  );

  const saveNow = useCallback(async (): Promise<SaveOutcome> => {
    let state = useExportList.getState();
    if (state.topic.topicId === null || state.topic.version === null) {
      const title = await askTitle('create');
      if (title === null) return 'cancelled';
      state.setTitle(title);
      state = useExportList.getState();
      const revision = state.revision;
      const topic = await createTopic(topicBody(state));
      useExportList.getState().markSaved(topic, revision);
      navigate(`/tags/${topic.topic_id}`, { replace: true });
      return 'saved';
    }
    let baseVersion = state.topic.version;
    for (;;) {
      state = useExportList.getState();
      const revision = state.revision;
      const topicId = state.topic.topicId!;
      try {
        const topic = await updateTopic(topicId, { ...topicBody(state), base_modified: baseVersion });
        useExportList.getState().markSaved(topic, revision);
        return 'saved';
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 404) {
          // Deleted elsewhere: this list becomes a new collection, saved under its title.
          const revisionNow = useExportList.getState().revision;
          const created = await createTopic(topicBody(useExportList.getState()));
          useExportList.getState().markSaved(created, revisionNow);
          navigate(`/tags/${created.topic_id}`, { replace: true });
          return 'saved';
        }
        if (error.status !== 409) throw error;
        const current: Topic = await fetchTopic(topicId);
        const choice = await askConflict();
        if (choice === 'cancel') return 'cancelled';
        if (choice === 'reload') {
          showTopic(current);
          return 'reloaded';
        }
        baseVersion = current.modified;
      }
    }
  }, [askConflict, askTitle, navigate]);

  const saving = useMutation({
    mutationFn: saveNow,
    // Offline too: the name is asked for at once and kept, and the save says it could not reach
    // the server, instead of waiting paused for the connection with Save greyed out.
    networkMode: 'always',
    onSuccess: (outcome) => {
      if (outcome !== 'saved') return;
      setNotice({ severity: 'success', text: t('topic.saved') });
      void forgetTopicList();
    },
    onError: (error) =>
      setNotice({ severity: 'error', text: t('topic.saveFailed', { message: errorText(t, error) }) }),
  });
  const { mutateAsync: runSave } = saving;

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (!caps.canSaveTopics) {
      setIsUpgradeOpen(true);
      return 'cancelled';
    }
    if (isBusy.current) return 'cancelled';
    isBusy.current = true;
    try {
      return await runSave();
    } catch {
      return 'failed';
    } finally {
      isBusy.current = false;
    }
  }, [caps.canSaveTopics, runSave]);

  const rename = useCallback(() => {
    void askTitle('rename').then((title) => {
      if (title !== null) useExportList.getState().setTitle(title);
    });
  }, [askTitle]);

  const element = (
    <>
      {titlePrompt && (
        <TitleDialog
          mode={titlePrompt.mode}
          initialTitle={useExportList.getState().topic.title}
          onDone={(title) => {
            setTitlePrompt(null);
            titlePrompt.resolve(title);
          }}
        />
      )}
      {conflictPrompt && (
        <ConflictDialog
          onChoose={(choice) => {
            setConflictPrompt(null);
            conflictPrompt(choice);
          }}
        />
      )}
      <MessageDialog
        isOpen={isUpgradeOpen}
        title={t('topic.upgrade.title')}
        message={t('topic.upgrade.body')}
        offerUpgrade
        onClose={() => setIsUpgradeOpen(false)}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.severity === 'error' ? ERROR_NOTICE_MS : LIMITS.snackbarMs}
        onClose={() => setNotice(null)}
        message={notice?.text}
        sx={TOAST_ABOVE_PANE_BAR}
        slotProps={{
          content: {
            sx: notice?.severity === 'error' ? { bgcolor: 'error.main', color: 'error.contrastText' } : {},
          },
        }}
      />
    </>
  );

  return { save, rename, isSaving: saving.isPending, element };
}
