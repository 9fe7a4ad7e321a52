import { FORUM_MESSAGES, type PostVoteType, type PostVotes } from '@crucible/proto';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useRef } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { apiErrorDetails } from '../../../lib/api-error.ts';

const CHOICES = {
  up: {
    name: 'Upvote',
    withdraw: 'Remove upvote',
    icon: ThumbUpOutlinedIcon,
    chosenIcon: ThumbUpIcon,
    count: 'upvotes',
  },
  down: {
    name: 'Downvote',
    withdraw: 'Remove downvote',
    icon: ThumbDownOutlinedIcon,
    chosenIcon: ThumbDownIcon,
    count: 'downvotes',
  },
} as const;

/**
 * Up and down votes on a discussion or reply, with their counts. The viewer's vote is pressed;
 * pressing it again withdraws it, pressing the other moves it. The counts change at once (the
 * caller's mutation is optimistic); a failed vote says 'Failed to vote' in a toast. One's own post
 * shows its counts but takes no vote.
 */
export function PostVoteControl({
  votes,
  isOwn,
  onVote,
}: {
  votes: PostVotes;
  isOwn: boolean;
  onVote: (voteType: PostVoteType | null) => Promise<unknown>;
}) {
  const showToast = useToast();
  // One vote at a time per post: a second click waits for the first to settle, so the server sees them in order.
  const voting = useRef(false);

  async function vote(choice: PostVoteType) {
    if (voting.current) return;
    voting.current = true;
    try {
      await onVote(votes.myVote === choice ? null : choice);
    } catch (error) {
      showToast({
        severity: 'error',
        title: 'Failed to vote',
        description: apiErrorDetails(error as Error).serverMessage ?? 'Please try again.',
      });
    } finally {
      voting.current = false;
    }
  }

  const buttons = (
    <Box role="group" aria-label="Votes" sx={{ display: 'inline-flex', gap: 0.5 }}>
      {(['up', 'down'] as const).map((choice) => {
        const { name, withdraw, icon: Icon, chosenIcon: ChosenIcon, count } = CHOICES[choice];
        const chosen = votes.myVote === choice;
        return (
          <Button
            key={choice}
            size="small"
            variant="text"
            color={chosen ? 'primary' : 'inherit'}
            aria-label={chosen ? withdraw : name}
            aria-pressed={chosen}
            disabled={isOwn}
            startIcon={chosen ? <ChosenIcon fontSize="small" /> : <Icon fontSize="small" />}
            onClick={() => void vote(choice)}
            sx={{ minWidth: 0 }}
          >
            {votes[count]}
          </Button>
        );
      })}
    </Box>
  );
  if (!isOwn) return buttons;
  // A disabled button gets no pointer events: the tooltip sits on a wrapper.
  return (
    <Tooltip title={FORUM_MESSAGES.ownPostVote} describeChild>
      <span>{buttons}</span>
    </Tooltip>
  );
}
