import { FORUM_MESSAGES, type AccessLevel, type DiscussionDetail, type Subcategory } from '@crucible/proto';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import LockIcon from '@mui/icons-material/Lock';
import ReplyIcon from '@mui/icons-material/Reply';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { isNotFoundError } from '../../../lib/api-error.ts';
import { useDiscussion } from '../api/get-discussion.ts';
import { useRecordVisit } from '../api/record-visit.ts';
import { useReadDiscussionNotifications } from '../api/read-discussion-notifications.ts';
import { NO_TOPIC } from '../discussion-form.ts';
import { CATEGORY_DESCRIPTIONS, isForumCategory, type ForumLevel } from '../forum-levels.ts';
import { ALL_TOPICS, forumSearch, type ForumLocation } from '../forum-location.ts';
import { AttachmentUploadDialog } from './AttachmentUploadDialog.tsx';
import { CategoryList } from './CategoryList.tsx';
import { CreateDiscussionDialog } from './CreateDiscussionDialog.tsx';
import { DiscussionList } from './DiscussionList.tsx';
import { DiscussionPost } from './DiscussionPost.tsx';
import { ForumBreadcrumbs, type Crumb } from './ForumBreadcrumbs.tsx';
import { LevelBadge } from './LevelBadge.tsx';
import { PollCard } from './PollCard.tsx';
import { ReportPostButton } from './ReportPostButton.tsx';
import { ReplyDialog } from './ReplyDialog.tsx';
import { QuickReply } from './QuickReply.tsx';
import { ReplyList } from './ReplyList.tsx';
import { TopicList } from './TopicList.tsx';
import { ViewHeading } from './ViewHeading.tsx';

/** What every view needs to know of the member and the forum. */
export interface ForumContext {
  viewerLevel: AccessLevel;
  viewerId: string;
  /** The level forums the member may enter, highest first. */
  categories: ForumLevel[];
  /** Every topic the member may see; undefined while loading. */
  topics: Subcategory[] | undefined;
  /** Whether the member moved here from another view (focus then goes to the new heading). */
  navigated: boolean;
}

const FORUMS_CRUMB: Crumb = { label: 'Forums', to: {} };
const levelCrumb = (level: ForumLevel): Crumb => ({ label: `${level} Forums`, to: { level } });

function NavButton({ to, children }: { to: ForumLocation; children: ReactNode }) {
  return (
    <Button
      component={RouterLink}
      to={{ pathname: '/forums', search: forumSearch(to) }}
      variant="outlined"
      startIcon={<ArrowBackIcon />}
      // A long topic name stays on one line (cut with an ellipsis; the link's name keeps all of it).
      sx={{ minWidth: 0, maxWidth: { xs: '62%', sm: 'none' } }}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {children}
      </Box>
    </Button>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 2 }}>
      {children}
    </Stack>
  );
}

/** A view that cannot be shown: what happened and the way back. */
function Unavailable({ title, text, navigated }: { title: string; text: string; navigated: boolean }) {
  return (
    <Box>
      <ForumBreadcrumbs crumbs={[FORUMS_CRUMB, { label: title }]} />
      <ViewHeading focusOnMount={navigated}>{title}</ViewHeading>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {text}
      </Typography>
      <Actions>
        <NavButton to={{}}>Back to Forums</NavButton>
      </Actions>
    </Box>
  );
}

/** A skeleton shaped like the view to come; its label is for screen readers. */
function Loading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ py: 1 }}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <Box aria-hidden="true">
        <Skeleton width="45%" height={40} />
        <Skeleton width="25%" sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={120} />
      </Box>
    </Box>
  );
}

export function CategoriesView({ context }: { context: ForumContext }) {
  return (
    <Box>
      <ForumBreadcrumbs crumbs={[{ label: 'Forums' }]} />
      <ViewHeading focusOnMount={context.navigated}>Forum Categories</ViewHeading>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        Each level has its own forum; you can enter the forums of your level and those below it.
      </Typography>
      <CategoryList categories={context.categories} topics={context.topics} />
    </Box>
  );
}

export function TopicsView({ context, level }: { context: ForumContext; level: ForumLevel }) {
  if (!context.categories.includes(level)) {
    return (
      <Unavailable
        title={`${level} Forums`}
        text={`The ${level} forum is not open to your access level.`}
        navigated={context.navigated}
      />
    );
  }
  return (
    <Box>
      <ForumBreadcrumbs crumbs={[FORUMS_CRUMB, { label: `${level} Forums` }]} />
      <Actions>
        <NavButton to={{}}>Back to Categories</NavButton>
      </Actions>
      <ViewHeading focusOnMount={context.navigated}>{level} Forums</ViewHeading>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {CATEGORY_DESCRIPTIONS[level]}
      </Typography>
      {context.topics ? (
        <TopicList level={level} topics={context.topics.filter((topic) => topic.category === level)} />
      ) : (
        <Loading label="Loading topics..." />
      )}
    </Box>
  );
}

export function DiscussionsView({
  context,
  level: levelParam,
  topicId,
}: {
  context: ForumContext;
  level?: ForumLevel;
  topicId: string;
}) {
  const [creating, setCreating] = useState(false);
  const allOfLevel = topicId === ALL_TOPICS;
  const topic = allOfLevel ? undefined : context.topics?.find((candidate) => candidate.id === topicId);
  const level = topic?.category ?? levelParam;

  if (!allOfLevel && !context.topics) return <Loading label="Loading topic..." />;
  if ((!allOfLevel && !topic) || !level || !context.categories.includes(level)) {
    return (
      <Unavailable
        title="Topic not found"
        text={FORUM_MESSAGES.topicNotFound + ': it does not exist or is not open to your access level.'}
        navigated={context.navigated}
      />
    );
  }
  const topicName = topic?.name ?? `All ${level} discussions`;

  return (
    <Box>
      <ForumBreadcrumbs crumbs={[FORUMS_CRUMB, levelCrumb(level), { label: topicName }]} />
      <Actions>
        {/* One way back (the breadcrumb has the rest), so the actions stay on one row at 360 px. */}
        <NavButton to={{ level }}>Back to {level} Topics</NavButton>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Create New Discussion
        </Button>
      </Actions>
      <ViewHeading focusOnMount={context.navigated}>{topicName}</ViewHeading>
      {topic && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
          {topic.description && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {topic.description}
            </Typography>
          )}
          <LevelBadge level={topic.accessLevel} label={`Minimum level: ${topic.accessLevel}`} />
        </Box>
      )}
      <Box sx={{ mt: 2 }}>
        <DiscussionList
          filter={topic ? { subcategoryId: topic.id } : { category: level }}
          linkBase={{ level, topic: topicId }}
          emptyAction={
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Start the first discussion
            </Button>
          }
        />
      </Box>
      <CreateDiscussionDialog
        open={creating}
        onClose={() => setCreating(false)}
        viewerLevel={context.viewerLevel}
        topics={context.topics ?? []}
        initialTopicId={topic?.id ?? NO_TOPIC}
        initialLevel={level}
      />
    </Box>
  );
}

/**
 * Records the member's visit once the discussion loads (and reads its notifications), and keeps the time of the visit before
 * it for this page: the replies after it stay marked new while the member reads.
 */
function useVisit(discussionId: string, discussion: DiscussionDetail | undefined): string | null {
  const [newSince, setNewSince] = useState<string | null | undefined>(undefined);
  const recordVisit = useRecordVisit();
  const record = recordVisit.mutate;
  const readNotifications = useReadDiscussionNotifications().mutate;
  const loaded = discussion?.id === discussionId;
  // Taken from the first answer only (React's "adjust state while rendering"): later answers carry this visit.
  if (loaded && newSince === undefined) setNewSince(discussion.lastVisitedAt);
  useEffect(() => {
    if (!loaded) return;
    record(discussionId);
    readNotifications(discussionId);
  }, [loaded, discussionId, record, readNotifications]);
  return newSince ?? null;
}

export function DiscussionView({
  context,
  discussionId,
  from,
}: {
  context: ForumContext;
  discussionId: string;
  from: ForumLocation;
}) {
  const { data: discussion, error, isPending, refetch } = useDiscussion(discussionId);
  const [replying, setReplying] = useState(false);
  const [attaching, setAttaching] = useState(false);
  const navigate = useNavigate();
  const newSince = useVisit(discussionId, discussion);

  if (isPending) return <Loading label="Loading discussion..." />;
  if (isNotFoundError(error)) {
    return (
      <Unavailable
        title="Discussion not found"
        text="This discussion does not exist, or it is not open to your access level."
        navigated={context.navigated}
      />
    );
  }
  if (error || !discussion) {
    return (
      <Box>
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try Again</Button>}>
          The discussion could not be loaded.
        </Alert>
        <Actions>
          <NavButton to={{}}>Back to Forums</NavButton>
        </Actions>
      </Box>
    );
  }

  const level = isForumCategory(discussion.category) ? discussion.category : from.level;
  const topic = context.topics?.find((candidate) => candidate.id === discussion.subcategoryId);
  const crumbs: Crumb[] = [FORUMS_CRUMB];
  if (level) crumbs.push(levelCrumb(level));
  // The list the discussion belongs to: its topic, else the level's list of all discussions (or the level forum).
  let list: Crumb = FORUMS_CRUMB;
  if (level && topic) list = { label: topic.name, to: { level, topic: topic.id } };
  else if (level && from.topic === ALL_TOPICS)
    list = { label: `All ${level} discussions`, to: { level, topic: ALL_TOPICS } };
  else if (level) list = levelCrumb(level);
  if (list.to?.topic) crumbs.push(list);
  crumbs.push({ label: discussion.title });
  // A locked discussion takes replies from its moderators only.
  const open = !discussion.isLocked || discussion.canModerate;

  return (
    <Box>
      <ForumBreadcrumbs crumbs={crumbs} />
      <Actions>
        <NavButton to={list.to ?? {}}>Back to {list.label}</NavButton>
        {open && (
          <Button variant="contained" startIcon={<ReplyIcon />} onClick={() => setReplying(true)}>
            Reply
          </Button>
        )}
        {discussion.authorId === context.viewerId && (
          <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => setAttaching(true)}>
            Add Attachment
          </Button>
        )}
      </Actions>
      <DiscussionPost
        discussion={discussion}
        viewerId={context.viewerId}
        focusHeading={context.navigated}
        topics={context.topics ?? []}
        onDeleted={() => void navigate({ pathname: '/forums', search: forumSearch(list.to ?? {}) })}
      />
      {discussion.authorId !== context.viewerId && (
        <ReportPostButton discussionId={discussion.id} label="Report this discussion" />
      )}
      {discussion.hasPoll && <PollCard discussionId={discussion.id} />}
      <Box component="section" aria-labelledby="replies-heading" sx={{ mt: 4 }}>
        <Typography id="replies-heading" variant="h6" component="h3" gutterBottom>
          Replies ({discussion.replyCount})
        </Typography>
        <ReplyList
          discussion={discussion}
          viewerId={context.viewerId}
          highlightReplyId={from.reply}
          newSince={newSince}
        />
        {discussion.isLocked && (
          <Alert severity="info" icon={<LockIcon />} sx={{ mt: 2 }}>
            {FORUM_MESSAGES.discussionLocked}
          </Alert>
        )}
        {open && (
          <Box sx={{ mt: 2 }}>
            <QuickReply discussionId={discussion.id} discussionLevel={discussion.accessLevel} />
          </Box>
        )}
      </Box>
      <ReplyDialog
        open={replying}
        onClose={() => setReplying(false)}
        discussionId={discussion.id}
        discussionTitle={discussion.title}
        discussionLevel={discussion.accessLevel}
      />
      <AttachmentUploadDialog open={attaching} onClose={() => setAttaching(false)} discussionId={discussion.id} />
    </Box>
  );
}
