import HowToVoteIcon from '@mui/icons-material/HowToVote';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { usePoll } from '../api/get-poll.ts';
import { useVoteInPoll } from '../api/vote-in-poll.ts';

function percentOf(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes / total) * 100);
}

/** The discussion's poll: one vote per member, voting again moves it. A failed vote says 'Failed to vote' in place, no toast. */
export function PollCard({ discussionId }: { discussionId: string }) {
  const { data: poll, isPending, isError } = usePoll(discussionId, true);
  const vote = useVoteInPoll();
  // When the card first showed: a poll that closes while it is open is refused by the server anyway.
  const [shownAt] = useState(Date.now);

  if (isPending) return <CircularProgress size={24} aria-label="Loading poll" />;
  if (isError || !poll) return <Typography color="text.secondary">The poll could not be loaded.</Typography>;

  const votedOption = poll.options.find((option) => option.id === poll.userVote);
  const closed = poll.expiresAt !== null && new Date(poll.expiresAt).getTime() <= shownAt;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`poll-${poll.id}`}
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <HowToVoteIcon aria-hidden="true" color="primary" />
        <Typography id={`poll-${poll.id}`} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {poll.question}
        </Typography>
      </Box>
      <Stack spacing={2}>
        {poll.options.map((option) => {
          const percent = percentOf(option.voteCount, poll.totalVotes);
          const chosen = option.id === poll.userVote;
          return (
            <Box key={option.id}>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1,
                  flexWrap: 'wrap',
                }}
              >
                <Button
                  variant={chosen ? 'contained' : 'outlined'}
                  aria-pressed={chosen}
                  aria-label={`Vote for ${option.text}`}
                  disabled={closed || vote.isPending}
                  onClick={() => vote.mutate({ discussionId, optionId: option.id })}
                  sx={{ justifyContent: 'flex-start', textAlign: 'left', overflowWrap: 'anywhere' }}
                >
                  {option.text}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {option.voteCount} {option.voteCount === 1 ? 'vote' : 'votes'} ({percent}%)
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={`${option.text}: ${percent}% of the votes`}
                sx={{ mt: 1, height: 8, borderRadius: 4 }}
              />
            </Box>
          );
        })}
      </Stack>
      <Typography variant="body2" sx={{ mt: 2 }}>
        {poll.totalVotes} {poll.totalVotes === 1 ? 'vote' : 'votes'} in total
        {votedOption && !closed ? `. You voted for ${votedOption.text}; pick another option to change your vote.` : ''}
        {closed ? '. This poll has closed.' : ''}
      </Typography>
      {vote.isError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          Failed to vote
        </Typography>
      )}
    </Paper>
  );
}
