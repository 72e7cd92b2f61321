import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AccountData } from '@tagscout/core/api';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountErrorText } from './error-text';
import { fetchAccountData } from './my-account-api';

/** "Download my data": everything the server holds about the user, saved as a JSON file. */
export function DataSection() {
  const { t } = useTranslation();
  const download = useMutation({ mutationFn: fetchAccountData, onSuccess: saveAsFile });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('account.data.help')}
      </Typography>
      {download.isError && <Alert severity="error">{accountErrorText(t, download.error)}</Alert>}
      <Box>
        <Button variant="outlined" disabled={download.isPending} onClick={() => download.mutate()}>
          {t('account.data.download')}
        </Button>
      </Box>
    </Box>
  );
}

/** The answer as a file the browser saves (tagscout-data-2026-06-01.json). */
function saveAsFile(data: AccountData): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `tagscout-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the address is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
