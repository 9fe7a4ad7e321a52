import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EducationEntry as Education, WorkplaceEntry as Workplace } from '../profile-rules.ts';

export const emptyWorkplace = (): Workplace => ({
  companyName: '',
  jobTitle: '',
  startDate: '',
  endDate: '',
  isCurrent: false,
  description: '',
  location: '',
});

export const emptyEducation = (): Education => ({
  institution: '',
  degree: '',
  fieldOfStudy: '',
  startDate: '',
  endDate: '',
  isOngoing: false,
  description: '',
  location: '',
});

type TextKeys<T> = { [K in keyof T]: T[K] extends string | null ? K : never }[keyof T] & string;

interface EntryListProps<T> {
  entries: T[];
  onChange: (entries: T[]) => void;
  noun: string;
  addLabel: string;
  emptyText: string;
  requiredField: TextKeys<T>;
  fields: readonly (readonly [TextKeys<T>, string])[];
  flag: readonly [keyof T & string, string];
  create: () => T;
}

/** Repeatable entries with an add button, remove per entry and an empty text. */
function EntryList<T extends object>(props: EntryListProps<T>) {
  const update = (index: number, change: Partial<T>) =>
    props.onChange(props.entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
  return (
    <Stack spacing={2}>
      {props.entries.length === 0 && <Typography color="text.secondary">{props.emptyText}</Typography>}
      {props.entries.map((entry, index) => (
        <Card key={index} variant="outlined" role="group" aria-label={`${props.noun} ${index + 1}`}>
          <CardContent>
            <Grid container spacing={2}>
              {props.fields.map(([field, label]) => (
                <Grid key={field} size={{ xs: 12, sm: field === 'description' ? 12 : 6 }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={label}
                    required={field === props.requiredField}
                    multiline={field === 'description'}
                    value={(entry[field] as string | null) ?? ''}
                    onChange={(event) => update(index, { [field]: event.target.value } as Partial<T>)}
                  />
                </Grid>
              ))}
            </Grid>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
              <FormControlLabel
                label={props.flag[1]}
                control={
                  <Checkbox
                    checked={Boolean(entry[props.flag[0]])}
                    onChange={(event) => update(index, { [props.flag[0]]: event.target.checked } as Partial<T>)}
                  />
                }
              />
              <Button
                color="error"
                onClick={() => props.onChange(props.entries.filter((_, i) => i !== index))}
                aria-label={`Remove ${props.noun.toLowerCase()} ${index + 1}`}
              >
                Remove
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ))}
      <Button variant="outlined" onClick={() => props.onChange([...props.entries, props.create()])}>
        {props.addLabel}
      </Button>
    </Stack>
  );
}

const WORK_FIELDS = [
  ['companyName', 'Company name'],
  ['jobTitle', 'Job title'],
  ['startDate', 'Start date'],
  ['endDate', 'End date'],
  ['location', 'Location'],
  ['description', 'Description'],
] as const;

const EDUCATION_FIELDS = [
  ['institution', 'Institution'],
  ['degree', 'Degree'],
  ['fieldOfStudy', 'Field of study'],
  ['startDate', 'Start date'],
  ['endDate', 'End date'],
  ['location', 'Location'],
  ['description', 'Description'],
] as const;

export function WorkplaceList(props: { entries: Workplace[]; onChange: (entries: Workplace[]) => void }) {
  return (
    <EntryList<Workplace>
      {...props}
      noun="Experience"
      addLabel="Add Experience"
      emptyText="No work experience added yet"
      requiredField="companyName"
      fields={WORK_FIELDS}
      flag={['isCurrent', 'Current position']}
      create={emptyWorkplace}
    />
  );
}

export function EducationList(props: { entries: Education[]; onChange: (entries: Education[]) => void }) {
  return (
    <EntryList<Education>
      {...props}
      noun="Education"
      addLabel="Add Education"
      emptyText="No education added yet"
      requiredField="institution"
      fields={EDUCATION_FIELDS}
      flag={['isOngoing', 'Ongoing']}
      create={emptyEducation}
    />
  );
}
