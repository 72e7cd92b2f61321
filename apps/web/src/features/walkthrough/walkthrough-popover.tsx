import Tour from '@mui/icons-material/Tour';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  findStep,
  GUIDE_OFF_DISABLED_STEP,
  GUIDE_OFF_STEP,
  type StepId,
  type StepNext,
  type WalkthroughViewer,
} from '@tagscout/core/walkthrough';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/i18n';
import { dispatchWalkthrough } from './walkthrough-store';
import { findTarget, isModalOpen } from './walkthrough-triggers';

const ARROW = 10;
// Above the title bar (1100), below the menu drawer (1200) and dialogs (1300).
const Z_INDEX = 1150;

/** One step: anchored to its element (data-tour) with an arrow, or in the middle of the screen. */
export function WalkthroughPopover({ stepId, viewer }: { stepId: StepId; viewer: WalkthroughViewer }) {
  const { t } = useTranslation();
  const step = findStep(stepId);
  const { anchor, isGone } = useAnchor(step.target);
  const [arrow, setArrow] = useState<HTMLElement | null>(null);
  const isGuideOffStep = stepId === GUIDE_OFF_STEP || stepId === GUIDE_OFF_DISABLED_STEP;
  useEscapeToDismiss(!isGone);

  const card = (
    <Paper
      role="dialog"
      aria-labelledby="walkthrough-title"
      aria-describedby="walkthrough-message"
      data-testid="walkthrough-step"
      data-step={stepId}
      elevation={10}
      sx={{
        p: 2,
        width: 320,
        maxWidth: 'calc(100vw - 24px)',
        borderTop: 4,
        borderColor: 'secondary.main',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75, color: 'secondary.main', mb: 0.5 }}>
        <Tour fontSize="small" />
        <Typography variant="overline" sx={{ lineHeight: 1.5, fontWeight: 700 }}>
          {t('walkthrough.guide')}
        </Typography>
      </Stack>
      <Typography id="walkthrough-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t(`walkthrough.${stepId}.title`)}
      </Typography>
      <Typography id="walkthrough-message" variant="body2" color="text.secondary">
        {t(`walkthrough.${stepId}.message`)}
      </Typography>
      {hasSecondPart(stepId) && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5, fontWeight: 700 }}>
            {t(`walkthrough.${stepId}.title2`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`walkthrough.${stepId}.message2`)}
          </Typography>
        </>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 2 }}>
        {!isGuideOffStep && (
          <Button
            size="small"
            color="inherit"
            onClick={() => dispatchWalkthrough({ type: 'turnOff', viewer })}
          >
            {t('walkthrough.turnOff')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {step.prev && (
          <Button size="small" onClick={() => dispatchWalkthrough({ type: 'prev' })}>
            {t('walkthrough.prev')}
          </Button>
        )}
        <Button size="small" variant="contained" onClick={() => dispatchWalkthrough({ type: 'next' })}>
          {t(nextLabel(step.next))}
        </Button>
      </Stack>
    </Paper>
  );

  const handleClickAway = () => dispatchWalkthrough({ type: 'clickAway' });

  // The user moved on from what the step points at (opened a collection, left the results): it waits
  // for it to come back rather than cover the screen. A step whose element never showed (a phone
  // lays some out elsewhere) is said in the middle of the screen.
  if (isGone) return null;
  if (!anchor) {
    return (
      <ClickAwayListener onClickAway={handleClickAway}>
        <Box
          sx={{
            position: 'fixed',
            left: '50%',
            top: { xs: '30%', sm: '35%' },
            transform: 'translate(-50%, -50%)',
            zIndex: Z_INDEX,
          }}
        >
          {card}
        </Box>
      </ClickAwayListener>
    );
  }

  return (
    <Popper
      open
      anchorEl={anchor}
      placement={step.placement}
      sx={{ zIndex: Z_INDEX, ...arrowStyles }}
      modifiers={[
        { name: 'offset', options: { offset: [0, step.showArrow ? ARROW + 4 : 8] } },
        { name: 'flip', enabled: true },
        { name: 'preventOverflow', options: { padding: 8 } },
        { name: 'arrow', enabled: step.showArrow, options: { element: arrow } },
      ]}
    >
      <ClickAwayListener onClickAway={handleClickAway}>
        <Box>
          {step.showArrow && <Box ref={setArrow} className="walkthrough-arrow" />}
          {card}
        </Box>
      </ClickAwayListener>
    </Popper>
  );
}

/**
 * Escape puts the step away while it is in sight, as a tip would be (not an Escape that ends typing
 * with an input method, nor one a dialog above it takes).
 */
function useEscapeToDismiss(isShown: boolean): void {
  useEffect(() => {
    if (!isShown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing || isModalOpen()) return;
      dispatchWalkthrough({ type: 'hide' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isShown]);
}

/** The steps whose text has a second title and message (walkthrough.<id>.title2 in en.json). */
type TwoPartStepId = {
  [Id in StepId]: `walkthrough.${Id}.title2` extends TranslationKey ? Id : never;
}[StepId];

function hasSecondPart(stepId: StepId): stepId is TwoPartStepId {
  return findStep(stepId).title2 !== undefined;
}

function nextLabel(next: StepNext): TranslationKey {
  if (next === 'close') return 'walkthrough.gotIt';
  if (next === 'stopWalkthrough') return 'walkthrough.ok';
  if (typeof next === 'object') return 'walkthrough.showMe';
  return 'walkthrough.next';
}

/**
 * The step's element on screen, looked up again while the step is open (screens render late or
 * move), and whether it was there and went.
 */
function useAnchor(target: string | null): { anchor: HTMLElement | null; isGone: boolean } {
  const [anchor, setAnchor] = useState<HTMLElement | null>(() => (target ? findTarget(target) : null));
  // The target whose element was found (the popover stays mounted from one step to the next).
  const [foundTarget, setFoundTarget] = useState<string | null>(anchor ? target : null);
  useEffect(() => {
    if (!target) return setAnchor(null);
    const look = () =>
      setAnchor((old) => (old?.isConnected && old.getClientRects().length > 0 ? old : findTarget(target)));
    const found = findTarget(target);
    setAnchor(found);
    found?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    const timer = setInterval(look, 300);
    return () => clearInterval(timer);
  }, [target]);
  useEffect(() => {
    if (anchor) setFoundTarget(target);
  }, [anchor, target]);
  return { anchor, isGone: target !== null && foundTarget === target && anchor === null };
}

// The arrow: a square turned 45 degrees, on the side of the card that faces the element.
const arrowStyles = {
  '& .walkthrough-arrow': {
    position: 'absolute',
    width: ARROW * 2,
    height: ARROW * 2,
    '&::before': {
      content: '""',
      position: 'absolute',
      inset: 0,
      bgcolor: 'background.paper',
      boxShadow: 2,
      transform: 'rotate(45deg) scale(.7)',
    },
  },
  // Below the element the arrow meets the card's coloured top edge.
  '&[data-popper-placement*="bottom"] .walkthrough-arrow': {
    top: -ARROW,
    '&::before': { bgcolor: 'secondary.main' },
  },
  '&[data-popper-placement*="top"] .walkthrough-arrow': { bottom: -ARROW },
  '&[data-popper-placement*="left"] .walkthrough-arrow': { right: -ARROW },
  '&[data-popper-placement*="right"] .walkthrough-arrow': { left: -ARROW },
} as const;
