import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Education, Profile, Workplace } from '@crucible/proto';
import { completenessColour, profileCompleteness } from '../profile-rules.ts';
import { WidgetCard } from './WidgetCard.tsx';

export function ProfileCompletenessCard(props: { profile: Profile; workplaces: Workplace[]; education: Education[] }) {
  const percent = profileCompleteness(props.profile, props.workplaces, props.education);
  const colour = completenessColour(percent);
  return (
    <WidgetCard title="Profile Completeness">
      <Typography
        data-testid="completeness-percent"
        data-colour={colour}
        sx={{ fontWeight: 700, color: `${colour}.main` }}
      >
        {percent}% complete
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={colour}
        aria-label="Profile completeness"
        sx={{ mt: 1, height: 8, borderRadius: 4 }}
      />
      {percent < 100 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Complete your profile so other members get to know you.
        </Typography>
      )}
    </WidgetCard>
  );
}
