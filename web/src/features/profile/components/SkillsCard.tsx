import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { apiErrorDetails } from '../../../lib/api-error.ts';
import { useAddSkill, type NewSkill } from '../api/add-skill.ts';
import { useDeleteSkill } from '../api/delete-skill.ts';
import { useEndorseSkill } from '../api/endorse-skill.ts';
import { useSkills } from '../api/get-skills.ts';
import { SKILL_CATEGORIES, type Skill, type SkillCategory } from '@crucible/proto';
import {
  isPrivateError,
  PROFICIENCY_LABELS,
  SKILL_SYMBOLS,
  proficiencyLabel,
  proficiencyPercent,
} from '../profile-rules.ts';
import { PrivateNotice, WidgetCard, WidgetError } from './WidgetCard.tsx';
import { TextSkeleton } from '../../../components/Skeletons.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** Name required (trimmed), years 0 to 50. */
function skillErrors(name: string, years: string): { skillName?: string; yearsExperience?: string } {
  const errors: { skillName?: string; yearsExperience?: string } = {};
  if (name.trim() === '') errors.skillName = 'Skill name is required';
  const y = Number(years);
  if (years.trim() === '' || !Number.isInteger(y) || y < 0 || y > 50)
    errors.yearsExperience = 'Years of experience must be between 0 and 50';
  return errors;
}

function AddSkillDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const [skillName, setSkillName] = useState('');
  const [years, setYears] = useState('0');
  const [proficiencyLevel, setProficiency] = useState(1);
  const [category, setCategory] = useState<SkillCategory>('Technical');
  const [symbol, setSymbol] = useState<NewSkill['alchemicalSymbol']>(SKILL_SYMBOLS[0].value);
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const add = useAddSkill(userId);
  const showToast = useToast();
  const errors = submitted ? skillErrors(skillName, years) : {};

  function submit() {
    setSubmitted(true);
    if (Object.keys(skillErrors(skillName, years)).length > 0) return;
    const skill: NewSkill = {
      skillName: skillName.trim(),
      proficiencyLevel,
      category,
      alchemicalSymbol: symbol,
      yearsExperience: Number(years),
      description: description.trim() || null,
    };
    add.mutate(skill, {
      onSuccess: onClose,
      onError: (error) =>
        showToast({
          title: 'Error',
          description: apiErrorDetails(error).serverMessage ?? 'Failed to add skill',
          severity: 'error',
        }),
    });
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Add Skill</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Skill name"
            required
            value={skillName}
            onChange={(event) => setSkillName(event.target.value)}
            error={Boolean(errors.skillName)}
            helperText={errors.skillName}
          />
          <TextField
            select
            label="Category"
            value={category}
            onChange={(e) => setCategory(e.target.value as SkillCategory)}
          >
            {SKILL_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Proficiency"
            value={proficiencyLevel}
            onChange={(e) => setProficiency(Number(e.target.value))}
          >
            {PROFICIENCY_LABELS.map((label, index) => (
              <MenuItem key={label} value={index + 1}>
                {index + 1} - {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Symbol"
            value={symbol}
            onChange={(e) => setSymbol(e.target.value as NewSkill['alchemicalSymbol'])}
          >
            {SKILL_SYMBOLS.map(({ value, label }) => (
              <MenuItem key={value} value={value}>
                {value} {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Years of experience"
            type="number"
            value={years}
            onChange={(event) => setYears(event.target.value)}
            error={Boolean(errors.yearsExperience)}
            helperText={errors.yearsExperience}
            slotProps={{ htmlInput: { min: 0, max: 50 } }}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Add Skill'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SkillRow({ skill, userId, isOwner }: { skill: Skill; userId: string; isOwner: boolean }) {
  const remove = useDeleteSkill(userId);
  const endorse = useEndorseSkill(userId);
  const showToast = useToast();
  const fail = (fallback: string) => (error: Error) =>
    showToast({ title: 'Error', description: apiErrorDetails(error).serverMessage ?? fallback, severity: 'error' });

  return (
    <Stack component="li" spacing={0.5} sx={{ listStyle: 'none' }} aria-label={skill.skillName}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {skill.alchemicalSymbol} {skill.skillName}
        </Typography>
        <Chip size="small" label={skill.category} />
        {skill.isVerified && <Chip size="small" color="success" label="Verified" />}
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {proficiencyLabel(skill.proficiencyLevel)}
          {skill.yearsExperience != null && ` · ${skill.yearsExperience} years`} · {skill.endorsementCount}{' '}
          {skill.endorsementCount === 1 ? 'endorsement' : 'endorsements'}
        </Typography>
        {isOwner ? (
          <Button
            size="small"
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate(skill.id, { onError: fail('Failed to delete skill') })}
          >
            Delete
          </Button>
        ) : (
          <Button
            size="small"
            disabled={endorse.isPending || skill.endorsedByViewer === true}
            onClick={() =>
              endorse.mutate(skill.id, {
                onSuccess: () => showToast({ title: 'Skill endorsed', severity: 'success' }),
                onError: fail('Failed to endorse skill'),
              })
            }
          >
            {skill.endorsedByViewer ? 'Endorsed' : 'Endorse'}
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={proficiencyPercent(skill.proficiencyLevel)}
        aria-label={`${skill.skillName} proficiency`}
      />
      {skill.description && (
        <Typography variant="body2" color="text.secondary">
          {skill.description}
        </Typography>
      )}
    </Stack>
  );
}

export function SkillsCard({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const skills = useSkills(userId);
  const [adding, setAdding] = useState(false);

  let body;
  if (skills.isPending) body = <TextSkeleton label="Loading skills" lines={4} />;
  else if (isPrivateError(skills.error)) body = <PrivateNotice text="Skills and expertise are private" />;
  else if (skills.isError) body = <WidgetError text="Could not load skills" onRetry={() => void skills.refetch()} />;
  else if (skills.data.length === 0)
    body = (
      <EmptyState
        compact
        icon={<PsychologyOutlinedIcon />}
        text="No skills added yet"
        action={
          isOwner && (
            <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
              Add Your First Skill
            </Button>
          )
        }
      />
    );
  else
    body = (
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
        {skills.data.map((skill) => (
          <SkillRow key={skill.id} skill={skill} userId={userId} isOwner={isOwner} />
        ))}
      </Stack>
    );

  return (
    <WidgetCard
      title="Skills & Expertise"
      action={
        isOwner && (
          <Button size="small" onClick={() => setAdding(true)}>
            Add Skill
          </Button>
        )
      }
    >
      {body}
      {adding && <AddSkillDialog userId={userId} onClose={() => setAdding(false)} />}
    </WidgetCard>
  );
}
