import type { Subcategory } from '@crucible/proto';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CATEGORY_DESCRIPTIONS, LEVEL_COLOURS, type ForumLevel } from '../forum-levels.ts';
import { forumSearch } from '../forum-location.ts';
import { ForumActivity } from './ForumActivity.tsx';
import { LevelDiscussionCount } from './LevelDiscussionCount.tsx';

/** The level forums the member may enter, each with its description, number of topics and discussions, and latest activity. */
export function CategoryList({ categories, topics }: { categories: ForumLevel[]; topics: Subcategory[] | undefined }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {categories.map((category) => {
        const topicCount = topics?.filter((topic) => topic.category === category).length;
        return (
          <Grid key={category} size={{ xs: 12, sm: 6 }} component="li">
            <Card variant="outlined" sx={{ height: '100%', borderLeft: 6, borderLeftColor: LEVEL_COLOURS[category] }}>
              <CardActionArea
                component={RouterLink}
                to={{ pathname: '/forums', search: forumSearch({ level: category }) }}
                sx={{ height: '100%' }}
              >
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {category} Forums
                  </Typography>
                  <Typography color="text.secondary" gutterBottom>
                    {CATEGORY_DESCRIPTIONS[category]}
                  </Typography>
                  {topicCount !== undefined && category !== 'Admin' && (
                    <Typography variant="body2">
                      {topicCount} {topicCount === 1 ? 'topic' : 'topics'}
                    </Typography>
                  )}
                  <LevelDiscussionCount level={category} />
                  <ForumActivity filter={{ category }} />
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
