import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Quarry } from '@tagscout/core/api';
import { formatBadge } from '@tagscout/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { useProspecting } from './prospecting-store';
import { quarryName } from './quarry-name';
import { useQuarries, useSetFlags } from './queries';

/** The quarries, each with its active switch and new-prospect count, and the new-quarry button. */
export function QuarryList() {
  const { t } = useTranslation();
  const quarries = useQuarries();
  const setFlags = useSetFlags();
  const selectedId = useProspecting((s) =>
    s.mode === 'quarry' || s.mode === 'filters' ? s.selectedQuarryId : null,
  );
  const openQuarry = useProspecting((s) => s.openQuarry);
  const startNewQuarry = useProspecting((s) => s.startNewQuarry);
  const [isShowingHidden, setIsShowingHidden] = useState(false);
  const all = quarries.data ?? [];
  const hiddenCount = all.filter((q) => q.hidden).length;
  const shown = isShowingHidden ? all : all.filter((q) => !q.hidden);

  return (
    <Box component="section" aria-labelledby="quarry-list-title">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 2, pb: 1, gap: 1 }}>
        <Typography
          id="quarry-list-title"
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, flexGrow: 1 }}
        >
          {t('prospecting.list.title')}
        </Typography>
        <Button variant="contained" size="small" startIcon={<Add />} onClick={startNewQuarry}>
          {t('prospecting.list.new')}
        </Button>
      </Box>
      {quarries.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={t('prospecting.list.loading')} />
        </Box>
      )}
      {quarries.isError && (
        <Alert severity="error" sx={{ mx: 2 }}>
          {errorText(t, quarries.error)}
        </Alert>
      )}
      {setFlags.isError && (
        <Alert severity="error" sx={{ mx: 2 }}>
          {errorText(t, setFlags.error)}
        </Alert>
      )}
      {quarries.isSuccess && all.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2, py: 2 }} role="status">
          {t('prospecting.list.empty')}
        </Typography>
      )}
      <List aria-label={t('prospecting.list.title')} dense disablePadding>
        {shown.map((quarry) => (
          <QuarryRow
            key={quarry.quarry_id}
            quarry={quarry}
            isSelected={quarry.quarry_id === selectedId}
            onOpen={() => openQuarry(quarry.quarry_id)}
            onToggle={(active) => setFlags.mutate({ quarryId: quarry.quarry_id, change: { active } })}
          />
        ))}
      </List>
      {hiddenCount > 0 && (
        <Button size="small" sx={{ mx: 1, my: 0.5 }} onClick={() => setIsShowingHidden((value) => !value)}>
          {isShowingHidden
            ? t('prospecting.list.hideHidden')
            : t('prospecting.list.showHidden', { count: hiddenCount })}
        </Button>
      )}
    </Box>
  );
}

function QuarryRow({
  quarry,
  isSelected,
  onOpen,
  onToggle,
}: {
  quarry: Quarry;
  isSelected: boolean;
  onOpen: () => void;
  onToggle: (active: boolean) => void;
}) {
  const { t } = useTranslation();
  const name = quarryName(quarry);
  const places = t('prospecting.list.places', { count: quarry.places.length });
  const state = quarry.active ? '' : ` · ${t('prospecting.list.paused')}`;
  return (
    <ListItem
      disablePadding
      data-testid="quarry-row"
      secondaryAction={
        <Switch
          edge="end"
          checked={quarry.active}
          onChange={(event) => onToggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('prospecting.list.activeOf', { name }) } }}
        />
      }
      sx={{ opacity: quarry.hidden ? 0.6 : 1 }}
    >
      <ListItemButton selected={isSelected} onClick={onOpen} sx={{ pr: 9 }}>
        <ListItemText
          primary={
            <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Box
                component="span"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {name}
              </Box>
              {quarry.new_prospects > 0 && (
                <Badge
                  color="secondary"
                  badgeContent={formatBadge(quarry.new_prospects)}
                  aria-label={t('prospecting.list.newCount', { count: quarry.new_prospects })}
                  sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                />
              )}
            </Box>
          }
          secondary={`${places}${state}`}
        />
      </ListItemButton>
    </ListItem>
  );
}
