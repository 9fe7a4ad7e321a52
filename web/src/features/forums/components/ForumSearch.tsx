import { searchQuerySchema, type ForumCategory, type SearchResult } from '@crucible/proto';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useForumSearch, type ForumSearch as ForumSearchRequest } from '../api/search-forums.ts';
import { formatDateTime, personName } from '../forum-display.ts';
import { forumSearch } from '../forum-location.ts';
import { LevelBadge } from './LevelBadge.tsx';

const SORTS: { value: ForumSearchRequest['sortBy']; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'popular', label: 'Most replies' },
];

/** The service marks matched words between « and » in a plain-text snippet; they are shown highlighted. */
function Snippet({ text }: { text: string }) {
  const parts = text.split(/«|»/);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
      )}
    </Typography>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Link
        component={RouterLink}
        to={{ pathname: '/forums', search: forumSearch({ discussion: result.discussionId }) }}
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

/** Full-text search over what the member may read (GET /api/search), each result leading to its discussion. */
export function ForumSearch({ categories }: { categories: ForumCategory[] }) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<ForumSearchRequest['category']>('all');
  const [sortBy, setSortBy] = useState<ForumSearchRequest['sortBy']>('relevance');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState<ForumSearchRequest | null>(null);
  const results = useForumSearch(submitted);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = searchQuerySchema.safeParse({ query, category, sortBy });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSubmitted({ query: parsed.data.query, category: parsed.data.category, sortBy: parsed.data.sortBy });
  }

  function clear() {
    setSubmitted(null);
    setQuery('');
    setError(undefined);
  }

  const items = results.data?.pages.flatMap((page) => page.items) ?? [];

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
        <TextField
          select
          label="Forum"
          name="category"
          size="small"
          value={category}
          onChange={(event) => setCategory(event.target.value as ForumSearchRequest['category'])}
          sx={{ flex: 1, minWidth: 140 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="all">All forums</option>
          {categories.map((level) => (
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
          sx={{ flex: 1, minWidth: 140 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ minHeight: 40 }}>
          Search
        </Button>
      </Stack>

      {submitted && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              Search results for “{submitted.query}”
            </Typography>
            <Button onClick={clear}>Clear Search</Button>
          </Box>
          {results.isPending && <CircularProgress size={24} aria-label="Searching" />}
          {results.isError && <Typography color="error">The search failed. Please try again.</Typography>}
          {results.isSuccess && items.length === 0 && (
            <Typography color="text.secondary">No discussions or replies match your search.</Typography>
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
      )}
    </Paper>
  );
}
