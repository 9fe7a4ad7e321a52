import { LAUNCH_DATE } from '@crucible/proto';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { countdownTo } from '../dashboard-rules.ts';
import { DashboardCard } from './DashboardCard.tsx';

const launch = new Date(LAUNCH_DATE);

export function LaunchCountdown() {
  const [now, setNow] = useState(() => new Date());
  const left = countdownTo(launch, now);
  const launched = left === null;
  // The tick stops once the launch has passed: there is nothing left to count.
  useEffect(() => {
    if (launched) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [launched]);
  return (
    <DashboardCard title="Community Launch">
      {left ? (
        <Stack direction="row" spacing={2} role="timer" aria-label="Time until the community launch">
          {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
            <Stack key={unit} sx={{ alignItems: 'center', minWidth: 48 }}>
              <Typography variant="h5" component="span" data-testid={`countdown-${unit}`}>
                {left[unit]}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {unit[0]!.toUpperCase() + unit.slice(1)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Typography>
          The community launched on {launch.toLocaleDateString(undefined, { dateStyle: 'long' })}.
        </Typography>
      )}
    </DashboardCard>
  );
}
