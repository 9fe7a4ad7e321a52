import { setTimeout as sleep } from 'node:timers/promises';
import { ConflictError, type Caller } from '@crucible/platform';
import {
  discussionCreateSchema,
  replyCreateSchema,
  subcategoryCreateSchema,
  type ForumCategory,
} from '@crucible/proto';
import { userReplica } from '../repositories/users.ts';
import type { ForumContext } from './context.ts';
import { createDiscussion } from './discussions.ts';
import { createReply } from './replies.ts';
import { createSubcategory } from './subcategories.ts';

/** Members of each level that the demo posts are written by (from the auth demo community). */
export type DemoAuthors = Partial<Record<ForumCategory, Caller[]>>;

interface DemoTopic {
  category: ForumCategory;
  name: string;
  description: string;
  opening: { title: string; content: string; reply: string; poll?: { question: string; options: string[] } };
}

const DEMO_TOPICS: DemoTopic[] = [
  {
    category: 'Apprentice',
    name: 'First Principles',
    description: 'Start here: the habits and questions every new leader works through.',
    opening: {
      title: 'What did your first week of leading a team teach you?',
      content:
        'I stepped into a team lead role last month. The hardest part was **not** doing the work myself.\n\nWhat surprised you most in your first week?',
      reply: 'Listening twice as much as I talked. One-to-ones in the first week changed everything for me.',
      poll: { question: 'Hardest first-week habit to build?', options: ['Delegating', 'Giving feedback', 'Saying no'] },
    },
  },
  {
    category: 'Journeyman',
    name: 'Team Dynamics',
    description: 'Trust, conflict and momentum in the teams you lead day to day.',
    opening: {
      title: 'Running retrospectives that people look forward to',
      content:
        'Our retros have become a list of complaints. Which formats have worked for you?\n\n- Start/Stop/Continue\n- Sailboat\n- Timeline',
      reply: 'Rotate the facilitator every sprint. Ownership of the format moved the mood more than the format itself.',
    },
  },
  {
    category: 'Master',
    name: 'Organizational Systems',
    description: 'Designing structures, incentives and rituals that scale beyond one team.',
    opening: {
      title: 'When should a growing org split a team in two?',
      content:
        'We are at twelve engineers on one team. Communication overhead is rising. What signals told you it was time to split?',
      reply: 'When planning meetings stopped producing decisions. We split along customer journeys, not components.',
    },
  },
  {
    category: 'Core',
    name: 'Stewardship Circle',
    description: 'For Core members: the direction of the community and its programmes.',
    opening: {
      title: 'Mentorship programme for next quarter',
      content: 'Proposal: pair every Apprentice with a Master for six weeks. Thoughts on the time commitment?',
      reply: 'Six weeks works if we keep sessions to 30 minutes. I can mentor two people.',
    },
  },
];

async function createTopic(ctx: ForumContext, admin: Caller, topic: DemoTopic) {
  try {
    return await createSubcategory(
      ctx,
      admin,
      subcategoryCreateSchema.parse({ name: topic.name, description: topic.description, category: topic.category }),
    );
  } catch (error) {
    if (error instanceof ConflictError) return undefined;
    throw error;
  }
}

const REPLICA_WAIT_MS = 15_000;

/** Authors come from auth's events; posts written before they arrive would show 'Unknown User'. */
async function waitUntilKnown(ctx: ForumContext, userIds: string[]): Promise<void> {
  const deadline = Date.now() + REPLICA_WAIT_MS;
  while ((await userReplica.findMany(ctx.prisma, userIds)).length < userIds.length) {
    if (Date.now() > deadline) {
      ctx.logger.warn({ userIds }, 'demo authors not replicated yet; their posts show without names until they are');
      return;
    }
    await sleep(100);
  }
}

/**
 * One topic per level forum with an opening discussion (and a reply) by members of that level, so a
 * newcomer's forums are not empty. Topics that exist already (same slug) are left alone.
 */
export async function seedDemoForums(
  ctx: ForumContext,
  admin: Caller,
  authors: DemoAuthors,
): Promise<{ topic: string; created: boolean }[]> {
  await waitUntilKnown(
    ctx,
    [admin, ...Object.values(authors).flat()].map((viewer) => viewer.userId),
  );
  const outcome = [];
  for (const topic of DEMO_TOPICS) {
    const created = await createTopic(ctx, admin, topic);
    const [author = admin, replier = admin] = authors[topic.category] ?? [];
    if (created) {
      const { opening } = topic;
      const discussion = await createDiscussion(
        ctx,
        author,
        discussionCreateSchema.parse({
          title: opening.title,
          content: opening.content,
          subcategoryId: created.id,
          includePoll: Boolean(opening.poll),
          pollQuestion: opening.poll?.question,
          pollOptions: opening.poll?.options,
        }),
      );
      await createReply(ctx, replier, discussion.id, replyCreateSchema.parse({ content: opening.reply }));
    }
    outcome.push({ topic: `${topic.category} / ${topic.name}`, created: Boolean(created) });
  }
  return outcome;
}
