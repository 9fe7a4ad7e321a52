import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCESS_LEVELS,
  LIMITS,
  MEMBER_DIRECTORY_SORTS,
  type AccessLevel,
  type MemberDirectoryQuery,
  type MemberDirectorySort,
} from '@crucible/proto';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { CardSkeleton } from '../../../components/Skeletons.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMembers } from '../api/get-members.ts';
import { MemberCard } from '../components/MemberCard.tsx';

const SORT_LABELS: Record<MemberDirectorySort, string> = { name: 'Name', activity: 'Recent activity' };
const SEARCH_DEBOUNCE_MS = 300;
const ANY_TIER = '';

/** The directory's search, tier, order and page live in the URL, so back, reload and shared links keep them. */
function useDirectoryQuery(): [
  MemberDirectoryQuery,
  (change: Partial<Record<'q' | 'tier' | 'sort' | 'page', string>>) => void,
] {
  const [params, setParams] = useSearchParams();
  const tier = params.get('tier');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const query: MemberDirectoryQuery = {
    search: params.get('q')?.trim() || undefined,
    tier: ACCESS_LEVELS.includes(tier as AccessLevel) ? (tier as AccessLevel) : undefined,
    sort: MEMBER_DIRECTORY_SORTS.includes(sort as MemberDirectorySort) ? (sort as MemberDirectorySort) : 'name',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: LIMITS.memberDirectory.pageSize,
  };
  const update = (change: Partial<Record<'q' | 'tier' | 'sort' | 'page', string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(change)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        // A new search, tier or order starts again at its first page.
        if (!('page' in change)) next.delete('page');
        return next;
      },
      { replace: 'q' in change },
    );
  return [query, update];
}

export default function MembersPage() {
  useDocumentTitle('Members');
  const [query, update] = useDirectoryQuery();
  const [searchText, setSearchText] = useState(query.search ?? '');
  const settledSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settledSearch !== (query.search ?? '')) update({ q: settledSearch });
    // Only a settled change of the text moves the URL; the URL moving (back, a link) is read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledSearch]);
  const members = useMembers(query);
  const pages = members.data ? Math.max(1, Math.ceil(members.data.total / query.pageSize)) : 1;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Members
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }} role="search" aria-label="Find members">
        <TextField
          label="Search members"
          placeholder="Search by name"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: LIMITS.memberDirectory.maxSearchChars },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Tier"
          value={query.tier ?? ANY_TIER}
          // 'All tiers' is the empty value: shown as a choice, not as an empty box under its label.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(event) => update({ tier: event.target.value })}
          sx={{ minWidth: { sm: 160 } }}
        >
          <MenuItem value={ANY_TIER}>All tiers</MenuItem>
          {ACCESS_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {level}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Sort by"
          value={query.sort}
          onChange={(event) => update({ sort: event.target.value === 'name' ? '' : event.target.value })}
          sx={{ minWidth: { sm: 180 } }}
        >
          {MEMBER_DIRECTORY_SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {members.isPending && <CardSkeleton label="Loading members" cards={3} />}
      {members.isError && <Alert severity="error">The member directory could not be loaded. Please try again.</Alert>}
      {members.data && members.data.members.length === 0 && (
        <EmptyState icon={<PeopleOutlinedIcon fontSize="large" />} text="No members match your search." />
      )}
      {members.data && members.data.members.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
            {members.data.total === 1 ? '1 member' : `${members.data.total} members`}
          </Typography>
          <Grid container spacing={2} component="ul" aria-label="Members" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {members.data.members.map((member) => (
              <Grid key={member.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }} component="li">
                <MemberCard member={member} />
              </Grid>
            ))}
          </Grid>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                count={pages}
                page={Math.min(query.page, pages)}
                onChange={(_, page) => update({ page: page === 1 ? '' : String(page) })}
                color="primary"
              />
            </Box>
          )}
        </>
      )}
    </Container>
  );
}
