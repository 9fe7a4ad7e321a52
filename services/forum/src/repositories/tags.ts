import type { Tx } from './db.ts';

/** Tags are kept lowercased and unique; a discussion's set is replaced as a whole. */
export async function setDiscussionTags(tx: Tx, discussionId: string, names: string[]): Promise<void> {
  const unique = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  await tx.$executeRaw`DELETE FROM discussion_tags WHERE discussion_id = ${discussionId}::uuid`;
  if (unique.length === 0) return;
  await tx.$executeRaw`INSERT INTO tags (id, name) SELECT gen_random_uuid(), name FROM unnest(${unique}::text[]) AS name ON CONFLICT (name) DO NOTHING`;
  await tx.$executeRaw`INSERT INTO discussion_tags (discussion_id, tag_id) SELECT ${discussionId}::uuid, id FROM tags WHERE name = ANY(${unique}::text[])`;
}
