import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { LoadingSpinner } from '../../shell/loading-spinner';
import { useFeedbackList } from '../appdata/queries';

/** Beta feedback, newest first (only administrators can read it). */
export function FeedbackList() {
  const { t, i18n } = useTranslation();
  const query = useFeedbackList();
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <Alert severity="error">{errorText(t, query.error)}</Alert>;
  if (query.data.feedback.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} role="status">
        {t('admin.feedback.empty')}
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('admin.feedback.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.feedback.date')}</TableCell>
            <TableCell>{t('admin.feedback.from')}</TableCell>
            <TableCell>{t('admin.feedback.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {query.data.feedback.map((item) => (
            <TableRow key={item.id}>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {new Date(item.createdAt).toLocaleString(i18n.language)}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Typography variant="body2">{item.email ?? t('admin.feedback.anonymous')}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {[item.group, item.platform, item.appVersion].filter(Boolean).join(' · ')}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{item.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
