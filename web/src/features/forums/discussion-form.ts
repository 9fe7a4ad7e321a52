import {
  discussionCreateSchema,
  LIMITS,
  type AccessLevel,
  type Attachment,
  type DiscussionCreate,
  type Subcategory,
} from '@crucible/proto';

/** No topic: the select's value, sent as null. */
export const NO_TOPIC = 'none';

export interface DiscussionFormValues {
  title: string;
  content: string;
  /** The access level; '' until one is chosen. */
  category: AccessLevel | '';
  /** A topic id or NO_TOPIC. */
  subcategoryId: string;
  includePoll: boolean;
  pollQuestion: string;
  pollOptions: string[];
  attachments: Attachment[];
}

export function emptyDiscussionForm(
  defaults: { category?: AccessLevel | ''; subcategoryId?: string } = {},
): DiscussionFormValues {
  return {
    title: '',
    content: '',
    category: defaults.category ?? '',
    subcategoryId: defaults.subcategoryId ?? NO_TOPIC,
    includePoll: false,
    pollQuestion: '',
    pollOptions: Array.from({ length: LIMITS.forum.pollMinOptions }, () => ''),
    attachments: [],
  };
}

/** A topic fixes the access level to its own forum's. */
export function fixedLevelOf(
  values: Pick<DiscussionFormValues, 'subcategoryId'>,
  topics: readonly Subcategory[],
): AccessLevel | undefined {
  return topics.find((topic) => topic.id === values.subcategoryId)?.category;
}

export type DiscussionFormResult = { ok: true; request: DiscussionCreate } | { ok: false; message: string };

/**
 * Checks the form with the service's own schema: every problem is collected and the messages are
 * joined with '. ' for the 'Validation Error' toast. Title and content are
 * trimmed, empty poll options ignored and the 'none' topic becomes null by the schema itself.
 */
export function validateDiscussionForm(
  values: DiscussionFormValues,
  topics: readonly Subcategory[],
): DiscussionFormResult {
  const category = fixedLevelOf(values, topics) ?? (values.category || undefined);
  const result = discussionCreateSchema.safeParse({
    title: values.title,
    content: values.content,
    category,
    subcategoryId: values.subcategoryId,
    includePoll: values.includePoll,
    ...(values.includePoll ? { pollQuestion: values.pollQuestion, pollOptions: values.pollOptions } : {}),
    attachmentIds: values.attachments.map((attachment) => attachment.id),
  });
  if (!result.success)
    return { ok: false, message: [...new Set(result.error.issues.map((issue) => issue.message))].join('. ') };
  const { title, content, subcategoryId, includePoll, pollQuestion, pollOptions, attachmentIds } = result.data;
  return {
    ok: true,
    request: {
      title,
      content,
      contentFormat: 'markdown',
      category: result.data.category,
      subcategoryId: subcategoryId ?? null,
      discussionType: 'discussion',
      minAccessLevel: 'Public',
      includePoll,
      ...(includePoll ? { pollQuestion, pollOptions } : {}),
      ...(attachmentIds?.length ? { attachmentIds } : {}),
    },
  };
}

/** Options beyond the minimum of 2 may be removed; below it the remove buttons go. */
export function canRemovePollOption(options: readonly string[]): boolean {
  return options.length > LIMITS.forum.pollMinOptions;
}
