import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BlockedMember, ConversationSummary } from '@crucible/proto';
import { memberDisplayName } from '../message-rules.ts';
import { MemberLink } from '../../../components/MemberLink.tsx';

interface BlockedMembersCardProps {
  blocks: BlockedMember[];
  conversations: ConversationSummary[];
  onUnblock: (userId: string) => void;
  unblockingId: string | null;
}

/** The members this member has blocked, each with a way back. */
export function BlockedMembersCard({ blocks, conversations, onUnblock, unblockingId }: BlockedMembersCardProps) {
  const nameOf = (block: BlockedMember) => {
    const member =
      block.user ?? conversations.find((conversation) => conversation.otherUser.id === block.userId)?.otherUser;
    return member ? memberDisplayName(member) : 'Unknown member';
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="blocked-heading">
      <CardContent>
        <Typography id="blocked-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Blocked members
        </Typography>
        {blocks.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            You have not blocked anyone.
          </Typography>
        ) : (
          <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {blocks.map((block) => {
              const name = nameOf(block);
              return (
                <Stack
                  component="li"
                  key={block.userId}
                  direction="row"
                  sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
                >
                  <Typography variant="body2" component="span" sx={{ minWidth: 0 }}>
                    <MemberLink userId={block.userId}>{name}</MemberLink>
                  </Typography>
                  <Button
                    size="small"
                    onClick={() => onUnblock(block.userId)}
                    loading={unblockingId === block.userId}
                    aria-label={`Unblock ${name}`}
                  >
                    Unblock
                  </Button>
                </Stack>
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
