import { searchQuerySchema, type SearchResult } from '@crucible/proto';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { useForumSearch } from '../api/search-forums.ts';
import { formatDateTime, personName } from '../forum-display.ts';
import { isSearchCategory, type ForumLevel } from '../forum-levels.ts';
import { forumSearch, readForumSearch, withForumSearch, type ForumSearchRequest } from '../forum-location.ts';
import { snippetParts } from '../snippet-text.ts';
import { LevelBadge } from './LevelBadge.tsx';
import { ViewHeading } from './ViewHeading.tsx';

const SORTS: { value: ForumSearchRequest['sortBy']; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'popular', label: 'Most replies' },
];

/** The snippet as plain text; the matched words carry the theme's highlight. */
function Snippet({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
      {snippetParts(text).map((part, index) =>
        part.matched ? (
          <Box
            component="mark"
            key={index}
            sx={(theme) => ({
              bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.3 : 0.16),
              color: 'text.primary',
              fontWeight: 600,
              borderRadius: 0.5,
              px: 0.25,
            })}
          >
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Link
        component={RouterLink}
        to={{
          pathname: '/forums',
          search: forumSearch({ discussion: result.discussionId, reply: result.replyId ?? undefined }),
        }}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {result.kind === 'reply' ? `Reply in: ${result.title}` : result.title}
      </Link>
      <Snippet text={result.snippet} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <LevelBadge level={result.category} />
        <Typography variant="caption" color="text.secondary">
          {personName(result.author)} · {formatDateTime(result.createdAt)} · {result.replyCount}{' '}
          {result.replyCount === 1 ? 'reply' : 'replies'}
        </Typography>
      </Box>
    </Box>
  );
}

/** The search form above every forum view; submitting opens the results as a view of their own. */
export function ForumSearch({ categories }: { categories: ForumLevel[] }) {
  const [params, setParams] = useSearchParams();
  const current = readForumSearch(params);
  const [query, setQuery] = useState(current?.query ?? '');
  const [category, setCategory] = useState<ForumSearchRequest['category']>(current?.category ?? 'all');
  const [sortBy, setSortBy] = useState<ForumSearchRequest['sortBy']>(current?.sortBy ?? 'relevance');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = searchQuerySchema.safeParse({ query, category, sortBy });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setParams(
      withForumSearch(params, { query: parsed.data.query, category: parsed.data.category, sortBy: parsed.data.sortBy }),
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-label="Search the forums" sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }}>
      <Stack
        component="form"
        role="search"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <TextField
          label="Search discussions"
          type="search"
          name="query"
          size="small"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          error={error !== undefined}
          helperText={error}
          sx={{ flex: 2 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {/* The two filters share a row on narrow screens, so the form stays short above the content. */}
        {/* On narrow screens the filters and the button appear once there is something to search for. */}
        <Stack direction="row" spacing={1.5} sx={{ flex: 2, display: { xs: query ? 'flex' : 'none', md: 'flex' } }}>
          <TextField
            select
            label="Forum"
            name="category"
            size="small"
            value={category}
            onChange={(event) => setCategory(event.target.value as ForumSearchRequest['category'])}
            sx={{ flex: 1, minWidth: { xs: 0, md: 140 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="all">All forums</option>
            {categories.filter(isSearchCategory).map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="Sort by"
            name="sortBy"
            size="small"
            value={sortBy}
            onChange={(event) => setSortBy(event.target.value as ForumSearchRequest['sortBy'])}
            sx={{ flex: 1, minWidth: { xs: 0, md: 140 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </TextField>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchIcon />}
          sx={{ minHeight: 40, display: { xs: query ? 'inline-flex' : 'none', md: 'inline-flex' } }}
        >
          Search
        </Button>
      </Stack>
    </Paper>
  );
}

function ResultSkeleton() {
  return (
    <Box aria-hidden="true" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Skeleton width="60%" height={24} />
      <Skeleton width="95%" />
      <Skeleton width="40%" />
    </Box>
  );
}

/**
 * The results of GET /api/search as a view of their own, in place of the forum view, with the way
 * back to where the member searched from; each result leads to its discussion.
 */
export function SearchResultsView({ search, navigated }: { search: ForumSearchRequest; navigated: boolean }) {
  const [params] = useSearchParams();
  const results = useForumSearch(search);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const back = withForumSearch(params, null).toString();

  return (
    <Box component="section" aria-labelledby="search-results-heading">
      <Button
        component={RouterLink}
        to={{ pathname: '/forums', search: back ? `?${back}` : '' }}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1 }}
      >
        Back from search
      </Button>
      <Box id="search-results-heading">
        <ViewHeading focusOnMount={navigated}>Search results for “{search.query}”</ViewHeading>
      </Box>
      <Box aria-live="polite" aria-busy={results.isPending} sx={{ mt: 1 }}>
        {results.isPending && (
          <>
            <Box role="status">
              <VisuallyHidden>Searching</VisuallyHidden>
            </Box>
            <ResultSkeleton />
            <ResultSkeleton />
            <ResultSkeleton />
          </>
        )}
        {results.isError && <Typography color="error">The search failed. Please try again.</Typography>}
        {results.isSuccess && items.length === 0 && (
          <EmptyState
            icon={<SearchOffIcon />}
            text="No discussions or replies match your search."
            action={
              <Button component={RouterLink} to={{ pathname: '/forums', search: back ? `?${back}` : '' }}>
                Back to the forums
              </Button>
            }
          />
        )}
        {items.length > 0 && (
          <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {items.map((result) => (
              <ResultItem key={`${result.kind}-${result.replyId ?? result.discussionId}`} result={result} />
            ))}
          </Box>
        )}
        {results.hasNextPage && (
          <Button onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage} sx={{ mt: 1 }}>
            More Results
          </Button>
        )}
      </Box>
    </Box>
  );
}
