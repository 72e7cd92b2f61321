import PostAdd from '@mui/icons-material/PostAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { OwnNetwork } from '@tagscout/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../api/error-text';
import { useSession } from '../../shell/session-store';
import { ArchiveUpload } from './archive-upload';
import { ConnectHandles } from './connect-handles';
import { DeleteOwnPostsDialog } from './delete-own-posts-dialog';
import { OwnTagsTable } from './own-tags-table';
import { useDeleteOwnPosts, useHandles, useOwnHashtags } from './queries';
import { TagsThatWork } from './tags-that-work';

/** /my-posts: bring your archive, see the tags you use (private to you), add them to the list. */
export function OwnPostsPage() {
  const { t } = useTranslation();
  const isLoaded = useSession((s) => s.isLoaded);
  const hasAccount = useSession((s) => s.account.isSignedIn);
  const [network, setNetwork] = useState<OwnNetwork | null>(null);
  const tags = useOwnHashtags(network, isLoaded && hasAccount);
  const all = useOwnHashtags(null, isLoaded && hasAccount);
  const remove = useDeleteOwnPosts();
  const [isConfirming, setIsConfirming] = useState(false);
  const networks = all.data?.networks ?? [];
  const hasHandles = (useHandles(isLoaded && hasAccount).data?.handles.length ?? 0) > 0;

  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('ownPosts.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('ownPosts.intro')}
      </Typography>
      {!isLoaded ? (
        <Loading label={t('ownPosts.loading')} />
      ) : !hasAccount ? (
        <SignInFirst />
      ) : (
        <>
          <ArchiveUpload />
          <ConnectHandles />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 4, mb: 1.5 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {t('ownPosts.yourTags')}
            </Typography>
            {networks.length > 1 && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={network ?? 'all'}
                aria-label={t('ownPosts.networkFilter')}
                onChange={(_event, value: OwnNetwork | 'all' | null) => {
                  if (value) setNetwork(value === 'all' ? null : value);
                }}
              >
                <ToggleButton value="all">{t('ownPosts.allNetworks')}</ToggleButton>
                {networks.map((row) => (
                  <ToggleButton key={row.network} value={row.network}>
                    {t(`ownPosts.network.${row.network}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          </Box>
          {networks.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {networks
                .map((row) =>
                  t('ownPosts.postsOf', { count: row.posts, network: t(`ownPosts.network.${row.network}`) }),
                )
                .join(' · ')}
            </Typography>
          )}
          {tags.isPending ? (
            <Loading label={t('ownPosts.loading')} />
          ) : tags.isError ? (
            <Alert severity="error">{errorText(t, tags.error)}</Alert>
          ) : tags.data.hashtags.length > 0 ? (
            <OwnTagsTable tags={tags.data.hashtags} />
          ) : (
            <Empty hasPosts={networks.length > 0} />
          )}
          {hasHandles && (
            <Box component="section" sx={{ mt: 4 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {t('ownPosts.work.title')}
              </Typography>
              <TagsThatWork />
            </Box>
          )}
          {networks.length > 0 && (
            <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
              <Button color="error" onClick={() => setIsConfirming(true)}>
                {t('ownPosts.delete')}
              </Button>
            </Box>
          )}
          {remove.isError && (
            <Alert severity="error" sx={{ mt: 2 }} onClose={() => remove.reset()}>
              {errorText(t, remove.error)}
            </Alert>
          )}
          {isConfirming && (
            <DeleteOwnPostsDialog
              network={network}
              isDeleting={remove.isPending}
              onCancel={() => setIsConfirming(false)}
              onConfirm={() =>
                remove.mutate(network, {
                  onSettled: () => setIsConfirming(false),
                  onSuccess: () => setNetwork(null),
                })
              }
            />
          )}
        </>
      )}
    </Box>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function Empty({ hasPosts }: { hasPosts: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <PostAdd color="secondary" sx={{ fontSize: 44 }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {t(hasPosts ? 'ownPosts.noTagsTitle' : 'ownPosts.emptyTitle')}
      </Typography>
      <Typography color="text.secondary">
        {t(hasPosts ? 'ownPosts.noTagsBody' : 'ownPosts.emptyBody')}
      </Typography>
    </Paper>
  );
}

function SignInFirst() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{t('ownPosts.signInFirst')}</Typography>
      <Button variant="contained" component={RouterLink} to="/login">
        {t('menu.login')}
      </Button>
    </Paper>
  );
}
