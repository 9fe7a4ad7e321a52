import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { MemberLink } from '../../../components/MemberLink.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useOnlineUsers } from '../api/get-online-users.ts';
import { onlineListView } from '../dashboard-rules.ts';
import { DashboardCard } from './DashboardCard.tsx';

export function WhosOnline() {
  const query = useOnlineUsers();
  const { shown, more } = onlineListView(query.data ?? []);
  return (
    <DashboardCard title="Who's Online" query={query}>
      {shown.length === 0 ? (
        <EmptyState compact icon={<PeopleOutlinedIcon />} text="No one else is online right now." />
      ) : (
        <List dense disablePadding aria-label="Members online">
          {shown.map((member) => {
            const name = member.firstName || member.email || 'Anonymous';
            return (
              <ListItem key={member.id} disableGutters>
                <ListItemAvatar>
                  <MemberLink userId={member.id} label={`${name}'s profile`}>
                    <UserAvatar name={name} src={member.profileImageUrl} />
                  </MemberLink>
                </ListItemAvatar>
                <ListItemText
                  primary={<MemberLink userId={member.id}>{name}</MemberLink>}
                  secondary={member.accessLevel ?? 'Public'}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {more > 0 && <Typography variant="body2" color="text.secondary">{`+${more} more online`}</Typography>}
    </DashboardCard>
  );
}
