import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useSaveLeadership } from '../api/save-leadership.ts';
import { useLeadership } from '../api/get-leadership.ts';
import type { LeadershipProgress } from '@crucible/proto';
import {
  isPrivateError,
  COEFFICIENT_MAX,
  COEFFICIENT_MIN,
  COEFFICIENT_STEP,
  LEADERSHIP_SCORE_STEP,
  coefficientOrDefault,
  leadershipScores,
} from '../profile-rules.ts';
import { PrivateNotice, WidgetCard, WidgetError } from './WidgetCard.tsx';
import { TextSkeleton } from '../../../components/Skeletons.tsx';

const SCORES = [
  { key: 'visionScore', label: 'Vision (V)' },
  { key: 'integrityScore', label: 'Integrity (I)' },
  { key: 'passionScore', label: 'Passion (P)' },
] as const;

/** The scores the tracker shows and edits. */
type Scores = Pick<
  LeadershipProgress,
  'visionScore' | 'integrityScore' | 'passionScore' | 'leadershipCoefficient' | 'overallScore' | 'lastAssessmentDate'
>;

const EMPTY: Scores = {
  visionScore: 0,
  integrityScore: 0,
  passionScore: 0,
  leadershipCoefficient: 1,
  overallScore: 0,
  lastAssessmentDate: null,
};

function Formula({ progress }: { progress: Scores }) {
  const { score, overall, coefficient } = leadershipScores(
    progress.visionScore,
    progress.integrityScore,
    progress.passionScore,
    progress.leadershipCoefficient,
  );
  return (
    <Stack spacing={1}>
      <Typography sx={{ fontFamily: 'monospace' }} data-testid="leadership-formula">
        L = k × (V + I + P) = {coefficient} × ({progress.visionScore} + {progress.integrityScore} +{' '}
        {progress.passionScore}) = {score}
      </Typography>
      {SCORES.map(({ key, label }) => (
        <Typography key={key} variant="body2">
          {label}: {progress[key]}
        </Typography>
      ))}
      <Typography variant="body2">Overall score: {overall}</Typography>
      {progress.lastAssessmentDate && (
        <Typography variant="caption" color="text.secondary">
          Last assessed {new Date(progress.lastAssessmentDate).toLocaleDateString()}
        </Typography>
      )}
    </Stack>
  );
}

function Editor(props: { initial: Scores; exists: boolean; userId: string; onDone: () => void }) {
  const [draft, setDraft] = useState(props.initial);
  const [coefficientText, setCoefficientText] = useState(String(props.initial.leadershipCoefficient));
  const save = useSaveLeadership(props.userId);
  const showToast = useToast();
  const coefficient = Math.min(COEFFICIENT_MAX, Math.max(COEFFICIENT_MIN, coefficientOrDefault(coefficientText)));
  const { overall } = leadershipScores(draft.visionScore, draft.integrityScore, draft.passionScore, coefficient);

  function submit() {
    const progress = {
      ...draft,
      leadershipCoefficient: coefficient,
      overallScore: overall,
      lastAssessmentDate: new Date().toISOString(),
    };
    save.mutate(
      { progress, exists: props.exists },
      {
        onSuccess: props.onDone,
        onError: () =>
          showToast({ title: 'Error', description: 'Failed to save leadership progress', severity: 'error' }),
      },
    );
  }

  return (
    <Stack spacing={2}>
      {SCORES.map(({ key, label }) => (
        <Box key={key}>
          <Typography id={`${key}-label`} variant="body2">
            {label}: {draft[key]}
          </Typography>
          <Slider
            aria-labelledby={`${key}-label`}
            min={0}
            max={100}
            step={LEADERSHIP_SCORE_STEP}
            value={draft[key]}
            onChange={(_event, value) => setDraft({ ...draft, [key]: value as number })}
          />
        </Box>
      ))}
      <TextField
        label="Leadership coefficient (k)"
        type="number"
        size="small"
        value={coefficientText}
        onChange={(event) => setCoefficientText(event.target.value)}
        slotProps={{ htmlInput: { min: COEFFICIENT_MIN, max: COEFFICIENT_MAX, step: COEFFICIENT_STEP } }}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button onClick={props.onDone}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** Tabs Formula and Milestones ('coming soon'); view and edit modes for the owner. */
export function LeadershipTracker({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const leadership = useLeadership(userId);
  const [tab, setTab] = useState<'formula' | 'milestones'>('formula');
  const [editing, setEditing] = useState(false);
  const progress = leadership.data ?? EMPTY;

  let body;
  if (leadership.isPending) body = <TextSkeleton label="Loading leadership progress" lines={4} />;
  else if (isPrivateError(leadership.error)) body = <PrivateNotice text="Leadership progress is private" />;
  else if (leadership.isError)
    body = <WidgetError text="Could not load leadership progress" onRetry={() => void leadership.refetch()} />;
  else if (editing)
    body = (
      <Editor initial={progress} exists={leadership.data != null} userId={userId} onDone={() => setEditing(false)} />
    );
  else
    body = (
      <>
        <Tabs value={tab} onChange={(_event, value: 'formula' | 'milestones') => setTab(value)} sx={{ mb: 2 }}>
          <Tab value="formula" label="Formula" />
          <Tab value="milestones" label="Milestones" />
        </Tabs>
        {tab === 'formula' ? (
          <Formula progress={progress} />
        ) : (
          <Alert severity="info">Milestones are coming soon.</Alert>
        )}
      </>
    );

  return (
    <WidgetCard
      title="Leadership Development Tracker"
      action={
        isOwner &&
        !editing &&
        leadership.isSuccess && (
          <Button size="small" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )
      }
    >
      {body}
    </WidgetCard>
  );
}
