import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface PlanCardProps {
  title: string;
  price: string;
  /** "per month", "per year". */
  period: string;
  /** A second line under the price ("$3.33 a month, save 33%"). */
  detail?: string | undefined;
  /** A label over a highlighted plan ("Best value"). */
  badge?: string | undefined;
  actionLabel: string;
  isBusy: boolean;
  isDisabled: boolean;
  onChoose: () => void;
}

/** One plan with its price and the button that buys it; the highlighted one is framed in red. */
export function PlanCard({
  title,
  price,
  period,
  detail,
  badge,
  actionLabel,
  isBusy,
  isDisabled,
  onChoose,
}: PlanCardProps) {
  const isHighlighted = badge !== undefined;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{
        position: 'relative',
        p: { xs: 2.5, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        borderColor: isHighlighted ? 'primary.main' : 'divider',
        // A second pixel of frame outside the border, so both cards lay out alike.
        boxShadow: isHighlighted ? (theme) => `0 0 0 1px ${theme.palette.primary.main}` : 'none',
      }}
    >
      {badge && (
        <Chip
          label={badge}
          color="primary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: 20, fontWeight: 700 }}
        />
      )}
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="p" variant="h4" sx={{ fontWeight: 800 }}>
          {price}
        </Typography>
        <Typography color="text.secondary">{period}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
        {detail ?? ''}
      </Typography>
      <Button
        fullWidth
        size="large"
        variant={isHighlighted ? 'contained' : 'outlined'}
        disabled={isDisabled}
        onClick={onChoose}
        sx={{ mt: 1 }}
        startIcon={isBusy ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {actionLabel}
      </Button>
    </Paper>
  );
}
