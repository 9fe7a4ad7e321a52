import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import TopicOutlinedIcon from '@mui/icons-material/TopicOutlined';
import {
  accessRank,
  ACCESS_LEVELS,
  FORUM_CATEGORIES,
  slugify,
  type AccessLevel,
  type ForumCategory,
} from '@crucible/proto';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formatDateTime } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useCreateSubcategory } from '../api/create-subcategory.ts';
import { useCreateTopic } from '../api/create-topic.ts';
import { useAdminSubcategories } from '../api/get-subcategories.ts';
import { useAdminTopics } from '../api/get-topics.ts';
import { AdminTable, type AdminTableHeading } from './AdminTable.tsx';
import { DialogForm } from './DialogForm.tsx';
import { LevelSelect } from './LevelSelect.tsx';
import { SectionHeader } from './TabSection.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';

/** A new category defaults to Core and #f59e0b; a new topic to Core and minimum level Public. */
const NEW_CATEGORY_LEVEL: ForumCategory = 'Core';
const NEW_CATEGORY_COLOUR = '#f59e0b';
const NEW_TOPIC_MIN_LEVEL: AccessLevel = 'Public';

const CATEGORY_HEADINGS: readonly AdminTableHeading[] = [
  'Name',
  'Level',
  'Slug',
  { key: 'discussions', label: 'Discussions', align: 'right' },
  'Status',
];
const TOPIC_HEADINGS: readonly AdminTableHeading[] = [
  'Title',
  'Category',
  'Minimum Level',
  { key: 'replies', label: 'Replies', align: 'right' },
  'Last Reply',
];

/** Forums: the categories (subcategories) and topics, each with its create dialog. */
export function ForumsTab() {
  const subcategories = useAdminSubcategories();
  const topics = useAdminTopics();
  const [dialog, setDialog] = useState<'category' | 'topic' | null>(null);
  const close = () => setDialog(null);

  return (
    <Stack spacing={4}>
      <Box>
        <SectionHeader title="Forum Categories">
          <Button variant="contained" onClick={() => setDialog('category')}>
            New Category
          </Button>
        </SectionHeader>
        <AdminTable
          query={subcategories}
          failedText="Failed to fetch forum categories"
          loadingLabel="Loading forum categories"
          label="Categories"
          tableLabel="Forum categories"
          headings={CATEGORY_HEADINGS}
          rows={subcategories.data}
          empty={{
            icon: <CategoryOutlinedIcon />,
            text: 'No forum categories yet',
            action: <Button onClick={() => setDialog('category')}>Create the First Category</Button>,
          }}
          renderRow={(subcategory) => (
            <TableRow key={subcategory.id}>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box
                    aria-hidden
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: subcategory.color, flexShrink: 0 }}
                  />
                  <span>{subcategory.name}</span>
                </Stack>
                {subcategory.description && (
                  <Box sx={{ color: 'text.secondary', fontSize: '0.8rem' }}>{subcategory.description}</Box>
                )}
              </TableCell>
              <TableCell>{subcategory.accessLevel}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{subcategory.slug}</TableCell>
              <TableCell align="right">{subcategory.discussionCount}</TableCell>
              <TableCell>{subcategory.isActive ? 'Active' : 'Inactive'}</TableCell>
            </TableRow>
          )}
        />
      </Box>
      <Box>
        <SectionHeader title="Forum Topics">
          <Button variant="contained" onClick={() => setDialog('topic')}>
            New Topic
          </Button>
        </SectionHeader>
        <AdminTable
          query={topics}
          failedText="Failed to fetch forum topics"
          loadingLabel="Loading forum topics"
          label="Topics"
          tableLabel="Forum topics"
          headings={TOPIC_HEADINGS}
          rows={topics.data}
          empty={{
            icon: <TopicOutlinedIcon />,
            text: 'No topics yet',
            action: <Button onClick={() => setDialog('topic')}>Create the First Topic</Button>,
          }}
          renderRow={(topic) => (
            <TableRow key={topic.id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{topic.title}</TableCell>
              <TableCell>{topic.category}</TableCell>
              <TableCell>{topic.minAccessLevel}</TableCell>
              <TableCell align="right">{topic.replyCount}</TableCell>
              <TableCell>{formatDateTime(topic.lastReplyAt)}</TableCell>
            </TableRow>
          )}
        />
      </Box>
      <Dialog open={dialog === 'category'} onClose={close} fullWidth maxWidth="sm">
        {dialog === 'category' && <CategoryForm onClose={close} />}
      </Dialog>
      <Dialog open={dialog === 'topic'} onClose={close} fullWidth maxWidth="sm">
        {dialog === 'topic' && <TopicForm onClose={close} />}
      </Dialog>
    </Stack>
  );
}

/** The forum levels, lowest first (Public up to Core). */
const CATEGORY_CHOICES = [...FORUM_CATEGORIES].sort((a, b) => accessRank(a) - accessRank(b));

/** Who sees a new category or topic: its forum and the minimum access level. */
interface Audience {
  category: ForumCategory;
  minAccessLevel: AccessLevel;
}

function AudienceFields({ audience, onChange }: { audience: Audience; onChange: (audience: Audience) => void }) {
  return (
    <>
      <LevelSelect
        label="Forum"
        value={audience.category}
        levels={CATEGORY_CHOICES}
        onChange={(category) => onChange({ ...audience, category })}
      />
      <LevelSelect
        label="Minimum Access Level"
        value={audience.minAccessLevel}
        levels={ACCESS_LEVELS}
        onChange={(minAccessLevel) => onChange({ ...audience, minAccessLevel })}
      />
    </>
  );
}

function CategoryForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [audience, setAudience] = useState<Audience>({
    category: NEW_CATEGORY_LEVEL,
    minAccessLevel: NEW_CATEGORY_LEVEL,
  });
  const [color, setColor] = useState(NEW_CATEGORY_COLOUR);
  const create = useCreateSubcategory();
  const { problem, setProblem, callbacks } = useDialogOutcome({
    succeeded: ADMIN_TEXTS.categoryCreated,
    failed: ADMIN_TEXTS.categoryCreateFailed,
    problemNamesFailure: true,
    onClose,
  });

  const submit = () => {
    if (!name.trim()) {
      setProblem(ADMIN_TEXTS.categoryNameRequired);
      return;
    }
    setProblem(null);
    create.mutate(
      {
        name: name.trim(),
        description: description.trim() || null,
        slug: slugify(name),
        color,
        ...audience,
      },
      callbacks,
    );
  };

  return (
    <DialogForm
      title="Create Forum Category"
      problem={problem}
      submitLabel="Create Category"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={problem === ADMIN_TEXTS.categoryNameRequired}
          helperText={name.trim() ? `Slug: ${slugify(name)}` : ' '}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <AudienceFields audience={audience} onChange={setAudience} />
        <TextField
          label="Colour"
          type="color"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          sx={{ maxWidth: 160 }}
        />
      </Stack>
    </DialogForm>
  );
}

function TopicForm({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [audience, setAudience] = useState<Audience>({
    category: NEW_CATEGORY_LEVEL,
    minAccessLevel: NEW_TOPIC_MIN_LEVEL,
  });
  const create = useCreateTopic();
  const { problem, setProblem, callbacks } = useDialogOutcome({
    succeeded: ADMIN_TEXTS.topicCreated,
    failed: ADMIN_TEXTS.topicCreateFailed,
    problemNamesFailure: true,
    onClose,
  });

  const submit = () => {
    if (!title.trim() || !content.trim()) {
      setProblem(ADMIN_TEXTS.topicRequired);
      return;
    }
    setProblem(null);
    create.mutate({ title: title.trim(), content: content.trim(), ...audience }, callbacks);
  };

  return (
    <DialogForm
      title="Create Forum Topic"
      problem={problem}
      submitLabel="Create Topic"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextField
          label="Content"
          required
          multiline
          minRows={3}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
        <AudienceFields audience={audience} onChange={setAudience} />
      </Stack>
    </DialogForm>
  );
}
