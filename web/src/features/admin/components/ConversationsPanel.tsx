import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { LIMITS } from '@crucible/proto';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatQuotaPercent, formatSize, plainText, preview } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { useAdminConversations } from '../api/get-conversations.ts';
import { useAdminDirectMessages } from '../api/get-direct-messages.ts';
import { AdminTableContainer, EmptyTableRow, QueryState, SectionHeader } from './TabSection.tsx';

const PREVIEW_CHARS = 80;

/** The first 10 conversations with their size and share of a member's quota, then the first 20 recent messages. */
export function ConversationsPanel() {
  const conversations = useAdminConversations();
  const messages = useAdminDirectMessages();

  return (
    <>
      <SectionHeader title="Conversations" />
      <QueryState
        isPending={conversations.isPending}
        error={conversations.error}
        failedText="Failed to fetch conversations"
        loadingLabel="Loading conversations"
        columns={6}
        onRetry={() => void conversations.refetch()}
      >
        <AdminTableContainer label="Conversations">
          <Table size="small" aria-label="Conversations">
            <TableHead>
              <TableRow>
                <TableCell>Participants</TableCell>
                <TableCell align="right">Messages</TableCell>
                <TableCell align="right">Size</TableCell>
                <TableCell align="right">Quota</TableCell>
                <TableCell>Last Activity</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {conversations.data?.conversations.length === 0 && (
                <EmptyTableRow columns={6} icon={<QuestionAnswerOutlinedIcon />} text={ADMIN_TEXTS.noConversations} />
              )}
              {conversations.data?.conversations.map((conversation) => {
                const pair = `${conversation.user1Name} ↔ ${conversation.user2Name}`;
                return (
                  <TableRow key={`${conversation.user1Id}-${conversation.user2Id}`}>
                    <TableCell>{pair}</TableCell>
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
              })}
            </TableBody>
          </Table>
        </AdminTableContainer>
      </QueryState>
      <Box sx={{ mt: 4 }}>
        <SectionHeader title="Recent Messages" />
        <QueryState
          isPending={messages.isPending}
          error={messages.error}
          failedText="Failed to fetch messages"
          loadingLabel="Loading messages"
          columns={4}
          onRetry={() => void messages.refetch()}
        >
          <AdminTableContainer label="Recent messages">
            <Table size="small" aria-label="Recent messages">
              <TableHead>
                <TableRow>
                  <TableCell>From</TableCell>
                  <TableCell>To</TableCell>
                  <TableCell>Message</TableCell>
                  <TableCell>Sent</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {messages.data?.messages.length === 0 && (
                  <EmptyTableRow columns={4} icon={<ChatOutlinedIcon />} text="No messages yet" />
                )}
                {messages.data?.messages.map((message) => (
                  <TableRow key={message.id}>
                    <TableCell>{message.senderName}</TableCell>
                    <TableCell>{message.recipientName}</TableCell>
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
                ))}
              </TableBody>
            </Table>
          </AdminTableContainer>
        </QueryState>
      </Box>
    </>
  );
}
