import type { Caller } from '@crucible/platform';
import type { SearchQuery, SearchResponse } from '@crucible/proto';
import { searchPosts } from '../repositories/search.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { canSee, forumLevelOfCaller } from './access.ts';
import type { ForumContext } from './context.ts';

/** Only what the viewer may read is searched; a category above their level finds nothing. */
export async function search(ctx: ForumContext, viewer: Caller, query: SearchQuery): Promise<SearchResponse> {
  const level = forumLevelOfCaller(viewer);
  if (level === 'Public' || (query.category !== 'all' && !canSee(viewer, query.category)))
    return { items: [], nextOffset: null };
  const { items, hasMore } = await searchPosts(sqlOnPool(ctx.pool), { ...query, viewerLevel: level });
  return { items, nextOffset: hasMore ? query.offset + query.limit : null };
}
