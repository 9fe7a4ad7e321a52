import { displayName } from '@crucible/proto';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MemberCard as Member } from '@crucible/proto';
import type { ReactNode } from 'react';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { MessageMemberButton } from '../../../components/MessageMemberButton.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';

/** First and last name; a member without either is still someone. */
export function memberName(member: Pick<Member, 'firstName' | 'lastName'>): string {
  return displayName(member);
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}>
      {icon}
      <Typography variant="body2" noWrap>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * One member of the directory: picture, name (both lead to the profile), tier, and the job title
 * and location the service sent (it leaves out what the member's privacy hides from this viewer).
 */
export function MemberCard({ member }: { member: Member }) {
  const name = memberName(member);
  return (
    <Card component="article" variant="outlined" aria-label={name} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <MemberLink userId={member.id} label={`${name}'s profile`}>
            <UserAvatar name={name} src={member.profileImageUrl} size="large" />
          </MemberLink>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              <MemberLink userId={member.id}>{name}</MemberLink>
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color="primary"
              label={
                member.isAdmin && member.accessLevel !== 'Admin' ? `${member.accessLevel} · Admin` : member.accessLevel
              }
            />
          </Box>
        </Stack>
        {member.jobTitle && <Detail icon={<WorkOutlinedIcon fontSize="small" />}>{member.jobTitle}</Detail>}
        {member.currentLocation && (
          <Detail icon={<LocationOnOutlinedIcon fontSize="small" />}>{member.currentLocation}</Detail>
        )}
        {member.canMessage && (
          <Box sx={{ mt: 'auto', pt: 0.5 }}>
            <MessageMemberButton userId={member.id} name={name} size="small" />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
