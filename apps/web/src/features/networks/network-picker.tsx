import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { isNetwork } from '@tagscout/core/networks';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings/settings-store';
import { networkName } from './network-label';
import { useCurrentNetwork, useNetworks } from './queries';

/**
 * Which network searches answer from: those holding data (and the one chosen), remembered in Settings.
 * Compact: narrower, for the row beside the query box in a compact Find pane.
 */
export function NetworkPicker({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const networks = useNetworks();
  const current = useCurrentNetwork();
  const update = useSettings((settings) => settings.update);
  const offered = [...(networks.data?.networks ?? [])];
  if (current && !offered.includes(current)) offered.push(current);
  if (!current || offered.length === 0) return null;
  return (
    <FormControl size="small" sx={{ minWidth: compact ? 132 : 150, flexShrink: 0 }}>
      <InputLabel id="network-picker-label">{t('networks.picker')}</InputLabel>
      <Select
        labelId="network-picker-label"
        label={t('networks.picker')}
        value={current}
        onChange={(event) => {
          if (isNetwork(event.target.value)) update({ searchNetwork: event.target.value });
        }}
        data-testid="network-picker"
        sx={{ fontSize: 14 }}
      >
        {offered.map((network) => (
          <MenuItem key={network} value={network}>
            {networkName(t, network)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
