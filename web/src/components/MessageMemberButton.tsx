import Button from '@mui/material/Button';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { Link as RouterLink } from 'react-router-dom';

/** The conversation with a member on the messages page (it keeps the open conversation in ?with=). */
export const conversationPath = (userId: string) => `/messages?with=${encodeURIComponent(userId)}`;

/**
 * 'Message' opening the conversation with a member. Callers show it only where the payload says the
 * member takes the viewer's messages (`canMessage`), so it never leads to a refusal.
 */
export function MessageMemberButton({
  userId,
  name,
  size = 'medium',
}: {
  userId: string;
  name: string;
  size?: 'small' | 'medium';
}) {
  return (
    <Button
      variant="outlined"
      size={size}
      component={RouterLink}
      to={conversationPath(userId)}
      startIcon={<MailOutlinedIcon />}
      aria-label={`Message ${name}`}
    >
      Message
    </Button>
  );
}
