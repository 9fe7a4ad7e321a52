import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConversationSummary, ConversationUsage } from '@crucible/proto';
import { formatMessageSize, memberDisplayName } from '../message-rules.ts';
import { MemberLink } from '../../../components/MemberLink.tsx';

/** Where the member's storage goes, one row per conversation; the page shows it only when there are rows. */
export function ConversationUsageCard({
  usage,
  conversations,
}: {
  usage: ConversationUsage[];
  conversations: ConversationSummary[];
}) {
  const nameOf = (row: ConversationUsage) => {
    const member =
      row.otherUser ?? conversations.find((conversation) => conversation.otherUser.id === row.otherUserId)?.otherUser;
    return member ? memberDisplayName(member) : 'Unknown member';
  };
  const rows = [...usage].sort((a, b) => b.usedBytes - a.usedBytes);
  return (
    <Card variant="outlined" component="section" aria-labelledby="usage-heading">
      <CardContent>
        <Typography id="usage-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Storage by conversation
        </Typography>
        <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => (
            <Stack
              component="li"
              key={row.otherUserId}
              direction="row"
              sx={{ justifyContent: 'space-between', gap: 1 }}
            >
              <Typography variant="body2" component="span" sx={{ minWidth: 0 }}>
                <MemberLink userId={row.otherUserId}>{nameOf(row)}</MemberLink>
                <Typography component="span" variant="caption" color="text.secondary">
                  {` · ${row.messageCount} ${row.messageCount === 1 ? 'message' : 'messages'}`}
                </Typography>
              </Typography>
              <Typography variant="body2" component="span" sx={{ flexShrink: 0 }}>
                {formatMessageSize(row.usedBytes)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
