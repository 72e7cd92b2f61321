import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OwnHashtag } from '@tagscout/core/api';
import { formatCount } from '@tagscout/core/format';
import { useNavigate } from 'react-router';
import { useRowText } from '../../components/row-text';
import { visuallyHidden } from '../account/visually-hidden';
import { useNetworks } from '../networks/queries';
import { AddButton } from '../search/add-button';
import { SearchKind } from '../search/search-api';
import { useSearch } from '../search/search-store';
import { useIsPhone } from '../search/use-is-phone';
import { useSettings } from '../settings/settings-store';

/** Your tags: how often, when last, on which network; a tag opens its public counts and related tags. */
export function OwnTagsTable({ tags }: { tags: readonly OwnHashtag[] }) {
  const text = useRowText();
  const { t } = text;
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  // A phone's row is narrow: short dates and less padding leave the tag's name room to stay whole.
  const dateFormat = new Intl.DateTimeFormat(text.locale, { dateStyle: isPhone ? 'short' : 'medium' });
  const offered = useNetworks().data?.networks ?? [];

  // The tag's public counts on its own network when Tagscout holds that network's data, else on the one in use.
  const openPublic = (tag: OwnHashtag) => {
    if (offered.includes(tag.network)) useSettings.getState().update({ searchNetwork: tag.network });
    const search = useSearch.getState();
    search.setKind(SearchKind.tags);
    search.setText(tag.hashtag);
    search.search(tag.hashtag);
    navigate('/tags');
  };

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label={t('ownPosts.tableLabel')}
        sx={isPhone ? { '& th, & td': { px: 1 } } : undefined}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('ownPosts.hashtag')}</TableCell>
            {!isPhone && <TableCell>{t('ownPosts.networkColumn')}</TableCell>}
            <TableCell align="right">{t('ownPosts.posts')}</TableCell>
            <TableCell>{t('ownPosts.lastUsed')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('ownPosts.addColumn')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tags.map((tag) => (
            <TableRow key={`${tag.network}:${tag.hashtag}`} data-testid="own-tag-row">
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <Link
                  component="button"
                  type="button"
                  underline="hover"
                  onClick={() => openPublic(tag)}
                  aria-label={t('ownPosts.openTag', { tag: tag.hashtag })}
                  sx={{ fontWeight: 500, textAlign: 'left' }}
                >
                  #{tag.hashtag}
                </Link>
                {isPhone && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t(`ownPosts.network.${tag.network}`)}
                  </Typography>
                )}
              </TableCell>
              {!isPhone && <TableCell>{t(`ownPosts.network.${tag.network}`)}</TableCell>}
              <TableCell align="right">{formatCount(tag.posts, { locale: text.locale })}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {dateFormat.format(new Date(tag.last_used))}
              </TableCell>
              <TableCell align="right" sx={{ pl: 0 }}>
                <AddButton hashtag={tag.hashtag} count={-1} isCompact={isPhone} text={text} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
