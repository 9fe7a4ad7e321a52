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
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { failureDescription, formatDateTime } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useCreateSubcategory } from '../api/create-subcategory.ts';
import { useCreateTopic } from '../api/create-topic.ts';
import { useAdminSubcategories } from '../api/get-subcategories.ts';
import { useAdminTopics } from '../api/get-topics.ts';
import { AdminTableContainer, EmptyTableRow, QueryState, SectionHeader } from './TabSection.tsx';

/** Spec 3 section 9: a new category defaults to Core and #f59e0b; a new topic to Core and minimum level Public. */
const NEW_CATEGORY_LEVEL: ForumCategory = 'Core';
const NEW_CATEGORY_COLOUR = '#f59e0b';
const NEW_TOPIC_MIN_LEVEL: AccessLevel = 'Public';

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
        <QueryState
          isPending={subcategories.isPending}
          error={subcategories.error}
          failedText="Failed to fetch forum categories"
          loadingLabel="Loading forum categories"
          columns={5}
          onRetry={() => void subcategories.refetch()}
        >
          <AdminTableContainer label="Categories">
            <Table size="small" aria-label="Forum categories">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Level</TableCell>
                  <TableCell>Slug</TableCell>
                  <TableCell align="right">Discussions</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {subcategories.data?.length === 0 && (
                  <EmptyTableRow
                    columns={5}
                    icon={<CategoryOutlinedIcon />}
                    text="No forum categories yet"
                    action={<Button onClick={() => setDialog('category')}>Create the First Category</Button>}
                  />
                )}
                {subcategories.data?.map((subcategory) => (
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
                ))}
              </TableBody>
            </Table>
          </AdminTableContainer>
        </QueryState>
      </Box>
      <Box>
        <SectionHeader title="Forum Topics">
          <Button variant="contained" onClick={() => setDialog('topic')}>
            New Topic
          </Button>
        </SectionHeader>
        <QueryState
          isPending={topics.isPending}
          error={topics.error}
          failedText="Failed to fetch forum topics"
          loadingLabel="Loading forum topics"
          columns={5}
          onRetry={() => void topics.refetch()}
        >
          <AdminTableContainer label="Topics">
            <Table size="small" aria-label="Forum topics">
              <TableHead>
                <TableRow>
                  <TableCell>Title</TableCell>
                  <TableCell>Category</TableCell>
                  <TableCell>Minimum Level</TableCell>
                  <TableCell align="right">Replies</TableCell>
                  <TableCell>Last Reply</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {topics.data?.length === 0 && (
                  <EmptyTableRow
                    columns={5}
                    icon={<TopicOutlinedIcon />}
                    text="No topics yet"
                    action={<Button onClick={() => setDialog('topic')}>Create the First Topic</Button>}
                  />
                )}
                {topics.data?.map((topic) => (
                  <TableRow key={topic.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{topic.title}</TableCell>
                    <TableCell>{topic.category}</TableCell>
                    <TableCell>{topic.minAccessLevel}</TableCell>
                    <TableCell align="right">{topic.replyCount}</TableCell>
                    <TableCell>{formatDateTime(topic.lastReplyAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </AdminTableContainer>
        </QueryState>
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

function LevelSelect<Level extends AccessLevel>({
  label,
  value,
  levels,
  onChange,
}: {
  label: string;
  value: Level;
  levels: readonly Level[];
  onChange: (level: Level) => void;
}) {
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value as Level)}>
      {levels.map((level) => (
        <MenuItem key={level} value={level}>
          {level}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The forum levels, lowest first, as in the forum level ladder of spec 3 section 9. */
const CATEGORY_CHOICES = [...FORUM_CATEGORIES].sort((a, b) => accessRank(a) - accessRank(b));

function CategoryForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<ForumCategory>(NEW_CATEGORY_LEVEL);
  const [minAccessLevel, setMinAccessLevel] = useState<AccessLevel>(NEW_CATEGORY_LEVEL);
  const [color, setColor] = useState(NEW_CATEGORY_COLOUR);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateSubcategory();
  const showToast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(ADMIN_TEXTS.categoryNameRequired);
      return;
    }
    setProblem(null);
    create.mutate(
      {
        name: name.trim(),
        description: description.trim() || null,
        category,
        slug: slugify(name),
        color,
        minAccessLevel,
      },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: ADMIN_TEXTS.categoryCreated });
          onClose();
        },
        onError: (error) => {
          const text = failureDescription(error);
          setProblem(`${ADMIN_TEXTS.categoryCreateFailed}: ${text}`);
          showToast({ severity: 'error', title: ADMIN_TEXTS.categoryCreateFailed, description: text });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>Create Forum Category</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
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
          <LevelSelect label="Forum" value={category} levels={CATEGORY_CHOICES} onChange={setCategory} />
          <LevelSelect
            label="Minimum Access Level"
            value={minAccessLevel}
            levels={ACCESS_LEVELS}
            onChange={setMinAccessLevel}
          />
          <TextField
            label="Colour"
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            sx={{ maxWidth: 160 }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Create Category
        </Button>
      </DialogActions>
    </form>
  );
}

function TopicForm({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<ForumCategory>(NEW_CATEGORY_LEVEL);
  const [minAccessLevel, setMinAccessLevel] = useState<AccessLevel>(NEW_TOPIC_MIN_LEVEL);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateTopic();
  const showToast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !content.trim()) {
      setProblem(ADMIN_TEXTS.topicRequired);
      return;
    }
    setProblem(null);
    create.mutate(
      { title: title.trim(), content: content.trim(), category, minAccessLevel },
      {
        onSuccess: () => {
          showToast({ severity: 'success', title: ADMIN_TEXTS.topicCreated });
          onClose();
        },
        onError: (error) => {
          const text = failureDescription(error);
          setProblem(`${ADMIN_TEXTS.topicCreateFailed}: ${text}`);
          showToast({ severity: 'error', title: ADMIN_TEXTS.topicCreateFailed, description: text });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle>Create Forum Topic</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
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
          <LevelSelect label="Forum" value={category} levels={CATEGORY_CHOICES} onChange={setCategory} />
          <LevelSelect
            label="Minimum Access Level"
            value={minAccessLevel}
            levels={ACCESS_LEVELS}
            onChange={setMinAccessLevel}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Create Topic
        </Button>
      </DialogActions>
    </form>
  );
}
