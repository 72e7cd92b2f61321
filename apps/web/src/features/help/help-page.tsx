import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Feedback from '@mui/icons-material/Feedback';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Restore from '@mui/icons-material/Restore';
import School from '@mui/icons-material/School';
import Tour from '@mui/icons-material/Tour';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UserGroup } from '@tagscout/core/access';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCapabilities } from '../../shell/session-store';
import { openFeedback, openTutorial } from '../../shell/shell-overlays';
import { useFeatureSwitches } from '../appdata/queries';
import { restartWalkthrough, useWalkthrough } from '../walkthrough/walkthrough-store';
import { HELP_VIDEOS, visibleVideos } from './help-videos';
import { InfoDialog } from './info-dialog';

/**
 * Help: the help videos (hidden when their link is none), the guide and the
 * tutorial, beta feedback, restore purchase for the free group, and the info dialog.
 */
export function HelpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const caps = useCapabilities();
  const { betaFeedback } = useFeatureSwitches();
  const isGuideOn = useWalkthrough((s) => s.isOn);
  const [isInfoOpen, setIsInfoOpen] = useState(false);
  const videos = visibleVideos(HELP_VIDEOS);
  // The free group has no guide: its button is disabled and the text says why.
  const guideTextKey = !caps.showWalkthrough
    ? 'help.guide.freeNote'
    : isGuideOn
      ? 'help.guide.textOn'
      : 'help.guide.textOff';

  const handleRestartGuide = () => {
    restartWalkthrough();
    navigate('/tags');
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('help.title')}
        </Typography>
        <Stack divider={<Divider flexItem />} sx={{ gap: 2 }}>
          {videos.length > 0 && (
            <Section title={t('help.videos.title')} text={t('help.videos.text')}>
              {videos.map((video) => (
                <Button
                  key={video.key}
                  variant="outlined"
                  startIcon={<OndemandVideo />}
                  href={video.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t(`help.videos.${video.key}`)}
                </Button>
              ))}
            </Section>
          )}
          <Section title={t('help.guide.title')} text={t(guideTextKey)}>
            <Button
              variant="contained"
              startIcon={<Tour />}
              onClick={handleRestartGuide}
              disabled={!caps.showWalkthrough}
            >
              {t('help.guide.restart')}
            </Button>
            <Button variant="outlined" startIcon={<School />} onClick={openTutorial}>
              {t('help.tutorial')}
            </Button>
          </Section>
          {betaFeedback && (
            <Section title={t('help.feedback.title')} text={t('help.feedback.text')}>
              <Button variant="outlined" startIcon={<Feedback />} onClick={openFeedback}>
                {t('help.feedback.open')}
              </Button>
            </Section>
          )}
          {caps.group === UserGroup.free && (
            <Section title={t('help.restore.title')} text={t('help.restore.text')}>
              <Button
                variant="outlined"
                startIcon={<Restore />}
                component={RouterLink}
                to="/upgrade?restore=1"
              >
                {t('help.restore.button')}
              </Button>
            </Section>
          )}
          {caps.group === UserGroup.admin && (
            <Section title={t('help.admin.title')} text={t('help.admin.text')}>
              <Button
                variant="outlined"
                startIcon={<AdminPanelSettings />}
                component={RouterLink}
                to="/admin"
              >
                {t('help.admin.open')}
              </Button>
            </Section>
          )}
          <Section title={t('help.about.title')}>
            <Button variant="text" startIcon={<InfoOutlined />} onClick={() => setIsInfoOpen(true)}>
              {t('help.about.open')}
            </Button>
          </Section>
        </Stack>
      </Paper>
      <InfoDialog isOpen={isInfoOpen} onClose={() => setIsInfoOpen(false)} />
    </Box>
  );
}

function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <section>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {text}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {children}
      </Stack>
    </section>
  );
}
