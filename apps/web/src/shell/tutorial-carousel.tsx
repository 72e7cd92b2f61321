import ContentCopy from '@mui/icons-material/ContentCopy';
import ManageSearch from '@mui/icons-material/ManageSearch';
import Place from '@mui/icons-material/Place';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Save from '@mui/icons-material/Save';
import Tour from '@mui/icons-material/Tour';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MobileStepper from '@mui/material/MobileStepper';
import Typography from '@mui/material/Typography';
import { TrialStatus } from '@tagscout/core/access';
import { LIMITS } from '@tagscout/core/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppData, useFeatureSwitches } from '../features/appdata/queries';
import { trackEvent } from '../features/appdata/track';
import { safeLocalStorage } from './safe-storage';
import { useCapabilities, useSession } from './session-store';
import {
  closeTutorial,
  isSearchScreen,
  markTutorialDecided,
  openTutorial,
  SHELL_KEYS,
  useShellOverlays,
} from './shell-overlays';

/** The six slides, one every 3500 ms. */
export const TUTORIAL_SLIDES = [
  { key: 'search', icon: ManageSearch },
  { key: 'places', icon: Place },
  { key: 'add', icon: PlaylistAdd },
  { key: 'copy', icon: ContentCopy },
  { key: 'save', icon: Save },
  { key: 'guide', icon: Tour },
] as const;

/** The carousel, opened from Help, and once by itself on a first visit to the search. */
export function TutorialCarousel() {
  const isOpen = useShellOverlays((s) => s.isTutorialOpen);
  useFirstVisitTutorial();
  return isOpen ? <TutorialDialog /> : null;
}

function TutorialDialog() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const isLast = index === TUTORIAL_SLIDES.length - 1;

  // One slide every 3500 ms; moving by hand starts the wait again.
  useEffect(() => {
    if (index >= TUTORIAL_SLIDES.length - 1) return;
    const timer = setTimeout(() => setIndex(index + 1), LIMITS.tutorialAdvanceMs);
    return () => clearTimeout(timer);
  }, [index]);

  const slide = TUTORIAL_SLIDES[index]!;
  const Icon = slide.icon;
  // The free group gets no guide (docs/product-rules.md#walkthrough): its last slide says the trial
  // has one, or Pro when the visitor's trial is over.
  const hasGuide = useCapabilities().showWalkthrough;
  const hadTrial = useSession((session) => session.account.trialStatus === TrialStatus.expired);
  const guideKey = hasGuide ? 'guide' : hadTrial ? 'guideWithPro' : 'guideWithTrial';
  const textKey = slide.key === 'guide' ? guideKey : slide.key;
  return (
    <Dialog
      open
      onClose={closeTutorial}
      aria-labelledby="tutorial-title"
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <Box
          sx={{
            mx: 'auto',
            mb: 2,
            width: 88,
            height: 88,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <Icon sx={{ fontSize: 44 }} />
        </Box>
        <Typography id="tutorial-title" variant="h6" component="h2" aria-live="polite">
          {t(`tutorial.${textKey}.title`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, minHeight: 72 }}>
          {t(`tutorial.${textKey}.body`)}
        </Typography>
      </DialogContent>
      <MobileStepper
        variant="dots"
        steps={TUTORIAL_SLIDES.length}
        position="static"
        activeStep={index}
        aria-label={t('tutorial.progress', { current: index + 1, total: TUTORIAL_SLIDES.length })}
        backButton={
          <Button size="small" disabled={index === 0} onClick={() => setIndex(index - 1)}>
            {t('tutorial.back')}
          </Button>
        }
        nextButton={
          <Button size="small" disabled={isLast} onClick={() => setIndex(index + 1)}>
            {t('tutorial.next')}
          </Button>
        }
        sx={{ bgcolor: 'transparent' }}
      />
      <DialogActions>
        <Button variant={isLast ? 'contained' : 'text'} onClick={closeTutorial}>
          {t(isLast ? 'tutorial.start' : 'tutorial.skip')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** First visit to a search screen: the tutorial once (switchable by an administrator). */
function useFirstVisitTutorial() {
  const { pathname } = useLocation();
  const { tutorialOnFirstVisit } = useFeatureSwitches();
  // The switch is known once the app data answered (or failed: then no tutorial, and no waiting).
  const isAppDataSettled = !useAppData().isPending;
  const isSearch = isSearchScreen(pathname);
  useEffect(() => {
    if (!isSearch || !isAppDataSettled) return;
    if (!tutorialOnFirstVisit || safeLocalStorage.getItem(SHELL_KEYS.firstTimeUser) === 'false') {
      markTutorialDecided();
      return;
    }
    safeLocalStorage.setItem(SHELL_KEYS.firstTimeUser, 'false');
    openTutorial();
    markTutorialDecided();
    trackEvent('tutorialViewed');
  }, [isSearch, isAppDataSettled, tutorialOnFirstVisit]);
}
