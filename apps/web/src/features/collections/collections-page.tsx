import CollectionsBookmark from '@mui/icons-material/CollectionsBookmark';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Topic } from '@tagscout/core/api';
import { formatCount } from '@tagscout/core/format';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorText } from '../../api/error-text';
import { useCapabilities, useSession } from '../../shell/session-store';
import { visuallyHidden } from '../account/visually-hidden';
import { DeleteTopicDialog } from './delete-topic-dialog';
import { useDeleteTopic, useTopics } from './queries';
import { displayTitle } from './use-topic-name';

/** The saved collections: name, hashtag count, delete; a row opens the collection. */
export function CollectionsPage() {
  const { t } = useTranslation();
  const caps = useCapabilities();
  const isLoaded = useSession((s) => s.isLoaded);
  const topics = useTopics(isLoaded && caps.canUseCollections);
  const remove = useDeleteTopic();
  const [toDelete, setToDelete] = useState<Topic | null>(null);
  const page = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The place of a row just deleted: its Delete button went with it, so the focus goes to the row
  // that took its place (or the last one, or the heading when none is left) instead of to the page.
  const [deletedAt, setDeletedAt] = useState<number | null>(null);
  useEffect(() => {
    if (deletedAt === null) return;
    const rows = page.current?.querySelectorAll<HTMLElement>('[data-testid="collection-row"]') ?? [];
    (rows[Math.min(deletedAt, rows.length - 1)] ?? heading.current)?.focus();
    setDeletedAt(null);
  }, [deletedAt]);

  const confirmDelete = (topic: Topic) => {
    const index = topics.data?.findIndex((listed) => listed.topic_id === topic.topic_id) ?? 0;
    remove.mutate(topic.topic_id, {
      onSuccess: () => setDeletedAt(Math.max(index, 0)),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <Box
      ref={page}
      sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 0, sm: 3 }, py: { xs: 0, sm: 3 } }}
    >
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h5"
        component="h1"
        sx={{ px: { xs: 2, sm: 0 }, py: { xs: 2, sm: 0 }, mb: { sm: 2 } }}
      >
        {t('collections.title')}
      </Typography>
      {!isLoaded || (caps.canUseCollections && topics.isPending) ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('collections.loading')} />
        </Box>
      ) : !caps.canUseCollections ? (
        <Upgrade />
      ) : topics.isError ? (
        <Alert severity="error" sx={{ mx: { xs: 2, sm: 0 } }}>
          {errorText(t, topics.error)}
        </Alert>
      ) : topics.data && topics.data.length > 0 ? (
        <TopicTable topics={topics.data} onDelete={setToDelete} />
      ) : (
        <Empty />
      )}
      {remove.isError && (
        <Alert severity="error" sx={{ mx: { xs: 2, sm: 0 }, mt: 2 }} onClose={() => remove.reset()}>
          {t('collections.deleteFailed', { message: errorText(t, remove.error) })}
        </Alert>
      )}
      {toDelete && (
        <DeleteTopicDialog
          name={displayTitle(toDelete.title, t)}
          count={toDelete.export_count}
          isDeleting={remove.isPending}
          onCancel={() => setToDelete(null)}
          onConfirm={() => confirmDelete(toDelete)}
        />
      )}
    </Box>
  );
}

function TopicTable({ topics, onDelete }: { topics: Topic[]; onDelete: (topic: Topic) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const open = (topic: Topic) => navigate(`/tags/${topic.topic_id}`);
  const handleKeyDown = (event: KeyboardEvent, topic: Topic) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(topic);
    }
  };
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ borderRadius: { xs: 0, sm: 1 }, borderX: { xs: 0, sm: 1 } }}
    >
      <Table aria-label={t('collections.listLabel')} data-tour="collections-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('collections.name')}</TableCell>
            <TableCell align="right">{t('collections.count')}</TableCell>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {t('collections.delete')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {topics.map((topic) => {
            const name = displayTitle(topic.title, t);
            return (
              <TableRow
                key={topic.topic_id}
                hover
                tabIndex={0}
                data-testid="collection-row"
                data-tour="collections-row"
                aria-label={t('collections.open', { name })}
                onClick={() => open(topic)}
                onKeyDown={(event) => handleKeyDown(event, topic)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell sx={{ wordBreak: 'break-word', fontWeight: 500 }}>{name}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCount(topic.export_count, { locale: i18n.language })}
                </TableCell>
                <TableCell padding="checkbox">
                  <IconButton
                    aria-label={t('collections.deleteOf', { name })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onDelete(topic);
                    }}
                  >
                    <DeleteOutlineOutlined />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Empty() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, mx: { xs: 2, sm: 0 }, textAlign: 'center' }}>
      <CollectionsBookmark color="secondary" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {t('collections.emptyTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('collections.emptyBody')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/tags">
        {t('collections.search')}
      </Button>
    </Paper>
  );
}

function Upgrade() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, mx: { xs: 2, sm: 0 }, textAlign: 'center' }}>
      <CollectionsBookmark color="secondary" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {t('topic.upgrade.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('topic.upgrade.body')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/upgrade">
        {t('upgradePrompt.action')}
      </Button>
    </Paper>
  );
}
