import { FORUM_MESSAGES } from '@crucible/proto';
import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useCurrentMember } from '../../../lib/current-member.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { discussionQueryOptions } from '../api/get-discussion.ts';
import { useTopics } from '../api/get-topics.ts';
import { ForumSearch, SearchResultsView } from '../components/ForumSearch.tsx';
import {
  CategoriesView,
  DiscussionView,
  DiscussionsView,
  TopicsView,
  type ForumContext,
} from '../components/ForumViews.tsx';
import { enterableCategories, viewerLevelOf } from '../forum-levels.ts';
import { readForumLocation, readForumSearch, viewOf } from '../forum-location.ts';

/** The location without the reply to show: moving to another reply of the same discussion keeps its view. */
function withoutReply(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('reply');
  return params.toString();
}

/** Moves to a new view are remembered so focus follows them, but the first view does not take focus on load. */
function useNavigatedSinceLoad(search: string): boolean {
  const first = useRef(search);
  const [navigated, setNavigated] = useState(false);
  useEffect(() => {
    if (search !== first.current) setNavigated(true);
  }, [search]);
  return navigated;
}

/**
 * /forums: categories, then a level's topics, then a topic's discussions, then one
 * discussion. Where the member is lives in the query string; ?discussion={id} opens a discussion directly.
 */
export default function ForumsPage() {
  const member = useCurrentMember();
  const [params] = useSearchParams();
  const search = params.toString();
  const navigated = useNavigatedSinceLoad(search);
  const viewerLevel = member ? viewerLevelOf(member) : 'Public';
  const categories = enterableCategories(viewerLevel);
  const { data: topics } = useTopics(categories.length > 0);
  const location = readForumLocation(params);
  const view = viewOf(location);
  const submittedSearch = readForumSearch(params);
  const context: ForumContext = { viewerLevel, viewerId: member?.id ?? '', categories, topics, navigated };
  // The open discussion names the tab (the view reads the same cache entry).
  const { data: openDiscussion } = useQuery({
    ...discussionQueryOptions(location.discussion ?? ''),
    enabled: categories.length > 0 && view === 'discussion',
  });
  useDocumentTitle(
    submittedSearch
      ? `Search: ${submittedSearch.query}`
      : view === 'discussion' && openDiscussion
        ? openDiscussion.title
        : 'Forums',
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Forums
      </Typography>
      {categories.length === 0 ? (
        <EmptyState
          icon={<LockClockOutlinedIcon />}
          text={
            <>
              {FORUM_MESSAGES.forumsNeedLevel}. Your access level is {viewerLevel}; an admin raises it once they know
              you, and the forums of your level open here. Meanwhile, tell the community who you are.
            </>
          }
          action={
            member && (
              <Button component={RouterLink} to={`/profile/${member.id}/edit`} variant="contained">
                Complete your profile
              </Button>
            )
          }
        />
      ) : (
        <>
          {/*
            The one search form: its fields follow the URL (a new search, Back, a shared link). Its key
            and the view's are siblings, so each has its own prefix: two siblings of one key (both ''
            on /forums) make React keep the old form on the page beside the new one.
          */}
          <ForumSearch
            key={`search:${
              submittedSearch ? `${submittedSearch.query}|${submittedSearch.category}|${submittedSearch.sortBy}` : ''
            }`}
            categories={categories}
          />
          {/* A new view per location, so its heading takes focus when the member arrives. */}
          <Box key={`view:${withoutReply(search)}`}>
            {submittedSearch && <SearchResultsView search={submittedSearch} navigated={navigated} />}
            {!submittedSearch && view === 'categories' && <CategoriesView context={context} />}
            {!submittedSearch && view === 'topics' && location.level && (
              <TopicsView context={context} level={location.level} />
            )}
            {!submittedSearch && view === 'discussions' && location.topic && (
              <DiscussionsView context={context} level={location.level} topicId={location.topic} />
            )}
            {!submittedSearch && view === 'discussion' && location.discussion && (
              <DiscussionView context={context} discussionId={location.discussion} from={location} />
            )}
          </Box>
        </>
      )}
    </Container>
  );
}
