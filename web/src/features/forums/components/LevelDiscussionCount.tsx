import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { discussionCountOf, useForumLevels } from '../api/get-forum-levels.ts';
import { discussionCountText } from '../forum-display.ts';
import type { ForumLevel } from '../forum-levels.ts';

/** How many discussions a level forum's list of all discussions holds for the member, as the service counts them. */
export function LevelDiscussionCount({ level }: { level: ForumLevel }) {
  const { data, isPending } = useForumLevels();
  if (isPending) return <Skeleton width="30%" aria-hidden="true" />;
  const count = discussionCountOf(data, level);
  if (count === undefined) return null;
  return <Typography variant="body2">{discussionCountText(count)}</Typography>;
}
