import type { Tx } from './db.ts';

/** Tags are kept lowercased and unique; a discussion's set is replaced as a whole. */
export async function setDiscussionTags(tx: Tx, discussionId: string, names: string[]): Promise<void> {
  const unique = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  await tx.discussionTag.deleteMany({ where: { discussionId } });
  if (unique.length === 0) return;
  await tx.tag.createMany({ data: unique.map((name) => ({ name })), skipDuplicates: true });
  const tags = await tx.tag.findMany({ where: { name: { in: unique } }, select: { id: true } });
  await tx.discussionTag.createMany({ data: tags.map((tag) => ({ discussionId, tagId: tag.id })) });
}
