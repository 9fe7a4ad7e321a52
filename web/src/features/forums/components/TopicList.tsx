import type { Subcategory } from '@crucible/proto';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LEVEL_COLOURS, type ForumLevel } from '../forum-levels.ts';
import { discussionCountText } from '../forum-display.ts';
import { ALL_TOPICS, forumSearch, type ForumLocation } from '../forum-location.ts';
import { ForumActivity } from './ForumActivity.tsx';
import { LevelBadge } from './LevelBadge.tsx';
import { LevelDiscussionCount } from './LevelDiscussionCount.tsx';

function TopicCard({
  to,
  title,
  accent,
  children,
}: {
  to: ForumLocation;
  title: string;
  accent: string;
  children: ReactNode;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }} component="li">
      <Card variant="outlined" sx={{ height: '100%', borderTop: 4, borderTopColor: accent }}>
        <CardActionArea
          component={RouterLink}
          to={{ pathname: '/forums', search: forumSearch(to) }}
          sx={{ height: '100%' }}
        >
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {children}
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}

/** The topics of one level forum, each with the minimum access level it asks, after an entry for all its discussions. */
export function TopicList({ level, topics }: { level: ForumLevel; topics: Subcategory[] }) {
  return (
    <Box>
      <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        <TopicCard to={{ level, topic: ALL_TOPICS }} title={`All ${level} discussions`} accent={LEVEL_COLOURS[level]}>
          <Typography color="text.secondary" gutterBottom>
            Every discussion of this forum, newest first, including those outside a topic.
          </Typography>
          <LevelDiscussionCount level={level} />
          <ForumActivity filter={{ category: level }} />
        </TopicCard>
        {topics.map((topic) => (
          <TopicCard
            key={topic.id}
            to={{ level, topic: topic.id }}
            title={topic.name}
            accent={LEVEL_COLOURS[topic.accessLevel]}
          >
            {topic.description && (
              <Typography color="text.secondary" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
                {topic.description}
              </Typography>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
              <LevelBadge level={topic.accessLevel} label={`Minimum level: ${topic.accessLevel}`} />
              <Typography variant="body2">{discussionCountText(topic.discussionCount)}</Typography>
            </Box>
            <ForumActivity filter={{ subcategoryId: topic.id }} />
          </TopicCard>
        ))}
      </Grid>
      {topics.length === 0 && level !== 'Admin' && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          No topics have been opened in the {level} forum yet.
        </Typography>
      )}
    </Box>
  );
}
