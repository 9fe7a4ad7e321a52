import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { LIMITS } from '@crucible/proto';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatQuotaPercent, formatSize, plainText, preview } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useAdminConversations } from '../api/get-conversations.ts';
import { useAdminDirectMessages } from '../api/get-direct-messages.ts';
import { AdminTable, type AdminTableHeading } from './AdminTable.tsx';
import { SectionHeader } from './TabSection.tsx';
import { MemberLink } from '../../../components/MemberLink.tsx';

const PREVIEW_CHARS = 80;

const CONVERSATION_HEADINGS: readonly AdminTableHeading[] = [
  'Participants',
  { key: 'messages', label: 'Messages', align: 'right' },
  { key: 'size', label: 'Size', align: 'right' },
  { key: 'quota', label: 'Quota', align: 'right' },
  'Last Activity',
  'Actions',
];
const MESSAGE_HEADINGS = ['From', 'To', 'Message', 'Sent'];

/** The first 10 conversations with their size and share of a member's quota, then the first 20 recent messages. */
export function ConversationsPanel() {
  const conversations = useAdminConversations();
  const messages = useAdminDirectMessages();

  return (
    <>
      <SectionHeader title="Conversations" />
      <AdminTable
        query={conversations}
        failedText="Failed to fetch conversations"
        loadingLabel="Loading conversations"
        label="Conversations"
        headings={CONVERSATION_HEADINGS}
        rows={conversations.data?.conversations}
        empty={{ icon: <QuestionAnswerOutlinedIcon />, text: ADMIN_TEXTS.noConversations }}
        renderRow={(conversation) => {
          const pair = `${conversation.user1Name} ↔ ${conversation.user2Name}`;
          return (
            <TableRow key={`${conversation.user1Id}-${conversation.user2Id}`}>
              <TableCell>
                <MemberLink userId={conversation.user1Id}>{conversation.user1Name}</MemberLink> ↔{' '}
                <MemberLink userId={conversation.user2Id}>{conversation.user2Name}</MemberLink>
              </TableCell>
              <TableCell align="right">{conversation.messageCount}</TableCell>
              <TableCell align="right">{formatSize(conversation.totalBytes)}</TableCell>
              <TableCell align="right">
                {formatQuotaPercent(conversation.totalBytes, LIMITS.directMessage.quotaBytes)}
              </TableCell>
              <TableCell>{formatDateTime(conversation.lastActivity)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  component={RouterLink}
                  to={`/admin/conversations/${conversation.user1Id}/${conversation.user2Id}`}
                  aria-label={`View conversation ${pair}`}
                >
                  View
                </Button>
              </TableCell>
            </TableRow>
          );
        }}
      />
      <Box sx={{ mt: 4 }}>
        <SectionHeader title="Recent Messages" />
        <AdminTable
          query={messages}
          failedText="Failed to fetch messages"
          loadingLabel="Loading messages"
          label="Recent messages"
          headings={MESSAGE_HEADINGS}
          rows={messages.data?.messages}
          empty={{ icon: <ChatOutlinedIcon />, text: 'No messages yet' }}
          renderRow={(message) => (
            <TableRow key={message.id}>
              <TableCell>
                <MemberLink userId={message.senderId}>{message.senderName}</MemberLink>
              </TableCell>
              <TableCell>
                <MemberLink userId={message.recipientId}>{message.recipientName}</MemberLink>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>
                {message.isDeletedByAdmin ? (
                  <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                    Deleted by an admin
                  </Box>
                ) : (
                  preview(plainText(message.content), PREVIEW_CHARS)
                )}
              </TableCell>
              <TableCell>{formatDateTime(message.createdAt)}</TableCell>
            </TableRow>
          )}
        />
      </Box>
    </>
  );
}
