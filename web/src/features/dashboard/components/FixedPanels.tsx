import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DashboardCard } from './DashboardCard.tsx';

/** The stats and learning values are fixed; no service computes them. */
const MASTERY_STATS = [
  { label: 'Individual Mastery', value: 78 },
  { label: 'Team Dynamics', value: 65 },
  { label: 'Organizational Impact', value: 52 },
];
const LEARNING_PROGRESS = [
  { label: 'Foundations', value: 85 },
  { label: 'Team Dynamics', value: 60 },
  { label: 'Organizational Systems', value: 35 },
];

function Meter({ label, value }: { label: string; value: number }) {
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2">{value}%</Typography>
      </Stack>
      <LinearProgress variant="determinate" value={value} aria-label={label} />
    </Stack>
  );
}

export function LeadershipEquation() {
  return (
    <DashboardCard title="The Leadership Equation">
      <Typography variant="h6" component="p" sx={{ fontFamily: 'serif', textAlign: 'center' }}>
        Leadership = (Vision × Influence × Capability) / Resistance²
      </Typography>
    </DashboardCard>
  );
}

export function MasteryStats() {
  return (
    <DashboardCard title="Your Growth">
      {MASTERY_STATS.map((stat) => (
        <Meter key={stat.label} {...stat} />
      ))}
    </DashboardCard>
  );
}

export function LearningProgress() {
  return (
    <DashboardCard
      title="Learning Progress"
      action={
        // The button has no action.
        <Button variant="outlined" size="small" sx={{ alignSelf: 'flex-start' }}>
          Continue Learning Path
        </Button>
      }
    >
      {LEARNING_PROGRESS.map((stat) => (
        <Meter key={stat.label} {...stat} />
      ))}
    </DashboardCard>
  );
}
