import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import { useTranslation } from 'react-i18next';
import { useCurrentNetwork, useNetworks } from '../networks/queries';
import { SearchKind } from './search-api';

/**
 * "No Results", and what to try: a shorter word, and another network when the Network menu offers
 * one. Words typed with spaces were searched as one tag, which is said, so the joined tag is no
 * surprise. A search with no character a tag can hold is told what a tag is made of instead.
 */
export function NoResults({ kind, text, query }: { kind: SearchKind; text: string; query: string }) {
  const { t } = useTranslation();
  const networks = useNetworks();
  const network = useCurrentNetwork();
  const isTags = kind === SearchKind.tags;
  const hasOtherNetwork = isTags && (networks.data?.networks.length ?? 0) > 1;
  const tag = `#${query}`;
  const wereWordsJoined = isTags && /\S\s+\S/u.test(text);
  // Nothing of the search can be a tag on this network (only "!?", say): no shorter word would do.
  const cannotBeTag = isTags && network !== undefined && normalizeHashtag(query, network) === null;
  const why = cannotBeTag
    ? t('search.noTagCharacters')
    : wereWordsJoined
      ? t('search.wordsJoined', { tag })
      : t('search.noTagStarts', { tag });
  return (
    <Box role="status" sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">{t('search.noResults')}</Typography>
      {isTags && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {why}
        </Typography>
      )}
      {!cannotBeTag && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
          {hasOtherNetwork
            ? t('search.tryShorterOrNetwork', { picker: t('networks.picker') })
            : t('search.tryShorter')}
        </Typography>
      )}
    </Box>
  );
}
