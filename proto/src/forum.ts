import { z } from 'zod';
import { oneLineText } from './text.ts';
import { accessLevelSchema } from './access-schema.ts';
import { FORUM_CATEGORIES, accessRank, type AccessLevel } from './access.ts';
import { decodeKeysetCursor } from './cursor.ts';
import { ATTACHMENT_MESSAGES } from './attachment-messages.ts';
import { LIMITS } from './limits.ts';

/** Exact texts of the forum's validation and error messages, plus the server's own refusals. */
export const FORUM_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  accessLevelRequired: 'Access level must be selected',
  pollQuestionRequired: 'Poll question is required when including a poll',
  pollOptionsRequired: 'At least 2 poll options are required',
  pollMinOptions: 'Poll must have at least 2 options',
  replyRequired: 'Reply content is required',
  searchQueryRequired: 'Search query is required',
  categoryNameRequired: 'Category name is required',
  topicTitleAndContentRequired: 'Topic title and content are required',
  moderatorUserRequired: 'Please select a user',
  // Refusals of the server (404s never say whether the thing exists above the member's level).
  discussionNotFound: 'Discussion not found',
  replyNotFound: 'Reply not found',
  topicNotFound: 'Topic not found',
  pollNotFound: 'Poll not found',
  optionNotFound: 'Poll option not found',
  moderatorNotFound: 'Forum moderator not found',
  userNotFound: 'User not found',
  forumsNeedLevel: 'The forums are open to Apprentice members and above',
  levelAboveOwn: 'You cannot post at an access level above your own',
  discussionLocked: 'This discussion is locked',
  pollExists: 'This discussion already has a poll',
  pollClosed: 'This poll has closed',
  notYourPost: 'You can only change your own posts',
  moderatorsOnly: 'Only forum moderators and admins can do this',
  categoryTopicsAdminOnly: 'Only admins can create category topics',
  slugTaken: 'A topic with this slug already exists',
  moderatorExists: 'This member already moderates that scope',
  watchedListNotYours: 'You can only see your own watched discussions',
  moderatorScope: 'Choose either a category or a topic, not both',
  invalidCursor: 'Invalid cursor',
  ownPostVote: 'You cannot vote on your own post',
  deleteReasonRequired: "Give a reason for deleting another member's post",
  replyDeleted: 'This reply was deleted',
  moveTopicOutOfScope: 'You can only move a discussion to a topic you moderate',
} as const;

export const DISCUSSION_TYPES = ['discussion', 'category'] as const;
export type DiscussionType = (typeof DISCUSSION_TYPES)[number];
export const CONTENT_FORMATS = ['plain', 'markdown', 'html'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];
export const ATTACHMENT_TYPES = ['image', 'document', 'video', 'audio', 'other'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const SEARCH_CATEGORIES = ['all', ...FORUM_CATEGORIES] as const;
export const SEARCH_SORTS = ['relevance', 'newest', 'oldest', 'popular'] as const;

export const FORUM_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;
/** The levels a discussion can be posted at: every level but Public, which has no forum. */
export const POSTING_LEVELS = [
  'Apprentice',
  'Journeyman',
  'Master',
  'Core',
  'Admin',
] as const satisfies readonly AccessLevel[];
/** The response header that carries the cursor of the next page of a list answered as an array. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

// ---------------------------------------------------------------------------------------------
// Levels

/** The level whose members see everything a member sees: admins (flag or level) see it all. */
export function forumLevelOf(member: { accessLevel: AccessLevel; isAdmin?: boolean }): AccessLevel {
  return member.isAdmin ? 'Admin' : member.accessLevel;
}

/** Public members (and visitors) see no forums; everyone else sees their level and below. */
export function canSeeForumLevel(viewer: AccessLevel, level: AccessLevel): boolean {
  return viewer !== 'Public' && accessRank(level) <= accessRank(viewer);
}

/** The forum categories a member may enter: Admin and Core see all four. */
export function visibleForumCategories(viewer: AccessLevel): AccessLevel[] {
  return FORUM_CATEGORIES.filter((category) => canSeeForumLevel(viewer, category));
}

/** The levels a member may create a discussion at: Apprentice up to their own (Admin adds Admin). */
export function postableLevels(member: AccessLevel): AccessLevel[] {
  return POSTING_LEVELS.filter((level) => accessRank(level) <= accessRank(member));
}

export function higherLevel(a: AccessLevel, b: AccessLevel): AccessLevel {
  return accessRank(a) >= accessRank(b) ? a : b;
}

// ---------------------------------------------------------------------------------------------
// Attachments

/** The attachment control's default list: images, PDF, .doc, .docx, .ppt, .pptx, .txt, .md. */
export const ALLOWED_ATTACHMENTS = [
  { extensions: ['.jpg', '.jpeg'], mimeType: 'image/jpeg', type: 'image' },
  { extensions: ['.png'], mimeType: 'image/png', type: 'image' },
  { extensions: ['.gif'], mimeType: 'image/gif', type: 'image' },
  { extensions: ['.webp'], mimeType: 'image/webp', type: 'image' },
  { extensions: ['.bmp'], mimeType: 'image/bmp', type: 'image' },
  { extensions: ['.avif'], mimeType: 'image/avif', type: 'image' },
  { extensions: ['.pdf'], mimeType: 'application/pdf', type: 'document' },
  { extensions: ['.doc'], mimeType: 'application/msword', type: 'document' },
  {
    extensions: ['.docx'],
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    type: 'document',
  },
  { extensions: ['.ppt'], mimeType: 'application/vnd.ms-powerpoint', type: 'document' },
  {
    extensions: ['.pptx'],
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    type: 'document',
  },
  { extensions: ['.txt'], mimeType: 'text/plain', type: 'document' },
  { extensions: ['.md', '.markdown'], mimeType: 'text/markdown', type: 'document' },
] as const satisfies readonly { extensions: readonly string[]; mimeType: string; type: AttachmentType }[];
export type AllowedAttachment = (typeof ALLOWED_ATTACHMENTS)[number];

/** The `accept` attribute of the attachment control. */
export const ATTACHMENT_ACCEPT = ALLOWED_ATTACHMENTS.flatMap((kind) => [kind.mimeType, ...kind.extensions]).join(',');

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/**
 * The allowed kind a file name and declared type stand for; both must agree (a browser that
 * declares no type, as some do for .md, is judged by the extension alone).
 */
export function allowedAttachmentFor(
  fileName: string,
  declaredType: string | undefined,
): AllowedAttachment | undefined {
  const kind = ALLOWED_ATTACHMENTS.find((candidate) =>
    (candidate.extensions as readonly string[]).includes(extensionOf(fileName)),
  );
  if (!kind) return undefined;
  const mediaType = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType) return kind;
  const aliases: Record<string, string> = { 'text/x-markdown': 'text/markdown', 'image/jpg': 'image/jpeg' };
  return (aliases[mediaType] ?? mediaType) === kind.mimeType ? kind : undefined;
}

/** Any character other than letters, digits, dot or hyphen becomes underscore. */
export function sanitizeFileName(name: string): string {
  const sanitized = name.replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 255);
  return sanitized || 'file';
}

// ---------------------------------------------------------------------------------------------
// Requests

const uuid = z.uuid();
/** 'none' and '' mean no topic. */
const optionalTopicId = z.preprocess(
  (value) => (value === 'none' || value === '' ? null : value),
  uuid.nullable().optional(),
);
const contentFormatSchema = z.enum(CONTENT_FORMATS);
const LIMITS_TEXT = {
  title: 300,
  content: 50_000,
  question: 500,
  option: 200,
  reason: 1000,
  description: 5000,
} as const;
export const FORUM_TEXT_LIMITS = LIMITS_TEXT;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be ${max} characters or less`);
const requiredOneLine = (field: string, message: string, max: number) =>
  oneLineText(field, { error: message }).trim().min(1, message).max(max, `Must be ${max} characters or less`);
const tagList = z
  .array(
    oneLineText('Tags')
      .trim()
      .min(1)
      .max(LIMITS.forum.tagNameMax, `Tags must be ${LIMITS.forum.tagNameMax} characters or less`),
  )
  .max(10)
  .optional();
const pollOptionList = z
  .array(oneLineText('Poll options').trim().max(LIMITS_TEXT.option))
  .transform((options) => options.filter((option) => option.length > 0));

export const discussionCreateSchema = z
  .object({
    title: oneLineText('Title', { error: FORUM_MESSAGES.titleRequired })
      .trim()
      .max(LIMITS_TEXT.title, `Title must be ${LIMITS_TEXT.title} characters or less`),
    content: z
      .string({ error: FORUM_MESSAGES.contentRequired })
      .trim()
      .max(LIMITS_TEXT.content, `Content must be ${LIMITS_TEXT.content} characters or less`),
    contentFormat: contentFormatSchema.default('markdown'),
    category: z.enum(POSTING_LEVELS, { error: FORUM_MESSAGES.accessLevelRequired }).optional(),
    subcategoryId: optionalTopicId,
    parentCategoryId: uuid.nullable().optional(),
    discussionType: z.enum(DISCUSSION_TYPES).default('discussion'),
    minAccessLevel: accessLevelSchema.default('Public'),
    includePoll: z.boolean().default(false),
    pollQuestion: oneLineText('Poll question').trim().max(LIMITS_TEXT.question).optional(),
    pollOptions: pollOptionList.optional(),
    attachmentIds: z.array(uuid).max(20).optional(),
    tags: tagList,
  })
  .superRefine((form, ctx) => {
    const topic = form.discussionType === 'category';
    if (!form.title)
      ctx.addIssue({
        code: 'custom',
        path: ['title'],
        message: topic ? FORUM_MESSAGES.topicTitleAndContentRequired : FORUM_MESSAGES.titleRequired,
      });
    if (!form.content)
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: topic ? FORUM_MESSAGES.topicTitleAndContentRequired : FORUM_MESSAGES.contentRequired,
      });
    // A topic fixes the level, so the category may be left out when one is chosen.
    if (!form.category && !form.subcategoryId)
      ctx.addIssue({ code: 'custom', path: ['category'], message: FORUM_MESSAGES.accessLevelRequired });
    if (form.includePoll) {
      if (!form.pollQuestion)
        ctx.addIssue({ code: 'custom', path: ['pollQuestion'], message: FORUM_MESSAGES.pollQuestionRequired });
      if ((form.pollOptions ?? []).length < LIMITS.forum.pollMinOptions)
        ctx.addIssue({ code: 'custom', path: ['pollOptions'], message: FORUM_MESSAGES.pollOptionsRequired });
    }
  });
export type DiscussionCreate = z.infer<typeof discussionCreateSchema>;

/** Authors change title and content; moderators also lock, pin and hide. */
export const discussionPatchSchema = z
  .strictObject({
    title: requiredOneLine('Title', FORUM_MESSAGES.titleRequired, LIMITS_TEXT.title).optional(),
    content: requiredText(FORUM_MESSAGES.contentRequired, LIMITS_TEXT.content).optional(),
    contentFormat: contentFormatSchema.optional(),
    tags: tagList,
    isLocked: z.boolean().optional(),
    isPinned: z.boolean().optional(),
    isHidden: z.boolean().optional(),
    /** Moderators move a discussion to another topic (of a level they moderate). */
    subcategoryId: uuid.optional(),
    moderationReason: z.string().trim().max(LIMITS_TEXT.reason).optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' });
export type DiscussionPatch = z.infer<typeof discussionPatchSchema>;

const limitParam = z.coerce.number().int().min(1).max(FORUM_PAGE.maxLimit).default(FORUM_PAGE.defaultLimit);
/** Checked whole here, so a forged cursor is a 400 before any query (its instant within PostgreSQL's range). */
const cursorParam = z
  .string()
  .max(200)
  .refine((text) => decodeKeysetCursor(text) !== null, FORUM_MESSAGES.invalidCursor)
  .optional();

export const discussionListQuerySchema = z.object({
  category: accessLevelSchema.optional(),
  /** A topic's id, or 'none' for the discussions posted in no topic; absent: every topic. */
  subcategoryId: optionalTopicId,
  authorId: uuid.optional(),
  discussionType: z.enum([...DISCUSSION_TYPES, 'all']).default('discussion'),
  tag: z.string().trim().min(1).max(LIMITS.forum.tagNameMax).optional(),
  /** Moderators and admins may ask for hidden discussions too. */
  includeHidden: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  limit: limitParam,
  /** The cursor of the previous page (X-Next-Cursor): discussions older than its last one. */
  before: cursorParam,
});
export type DiscussionListQuery = z.infer<typeof discussionListQuerySchema>;

export const replyCreateSchema = z.object({
  content: z
    .string({ error: FORUM_MESSAGES.replyRequired })
    .trim()
    .min(1, FORUM_MESSAGES.replyRequired)
    .max(LIMITS_TEXT.content, `Reply must be ${LIMITS_TEXT.content} characters or less`),
  contentFormat: contentFormatSchema.default('markdown'),
  parentReplyId: uuid.nullable().optional(),
  quotedReplyId: uuid.nullable().optional(),
  attachmentIds: z.array(uuid).max(20).optional(),
});
export type ReplyCreate = z.infer<typeof replyCreateSchema>;

/** What the composer's Preview tab sends: the draft, rendered exactly as a posted one would be. */
export const contentPreviewSchema = z.object({
  content: z.string().max(LIMITS_TEXT.content, `Content must be ${LIMITS_TEXT.content} characters or less`),
  contentFormat: contentFormatSchema.default('markdown'),
});
export type ContentPreview = z.infer<typeof contentPreviewSchema>;
export const contentPreviewResponseSchema = z.object({ contentHtml: z.string() });
export type ContentPreviewResponse = z.infer<typeof contentPreviewResponseSchema>;

export const replyPatchSchema = z
  .strictObject({
    content: requiredText(FORUM_MESSAGES.replyRequired, LIMITS_TEXT.content).optional(),
    contentFormat: contentFormatSchema.optional(),
    isHidden: z.boolean().optional(),
    moderationReason: z.string().trim().max(LIMITS_TEXT.reason).optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' });
export type ReplyPatch = z.infer<typeof replyPatchSchema>;

/** DELETE of a discussion or reply: a moderator removing another member's post says why (the author is told). */
export const postDeleteSchema = z.object({
  reason: z.string().trim().max(LIMITS_TEXT.reason, `Must be ${LIMITS_TEXT.reason} characters or less`).optional(),
});
export type PostDelete = z.infer<typeof postDeleteSchema>;

export const replyListQuerySchema = z.object({
  limit: limitParam,
  /** The cursor of the previous page (X-Next-Cursor): replies newer than its last one. */
  after: cursorParam,
  includeHidden: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});
export type ReplyListQuery = z.infer<typeof replyListQuerySchema>;

export const pollCreateSchema = z.object({
  question: requiredOneLine('Poll question', FORUM_MESSAGES.pollQuestionRequired, LIMITS_TEXT.question),
  options: pollOptionList.pipe(
    z.array(z.string()).min(LIMITS.forum.pollMinOptions, FORUM_MESSAGES.pollMinOptions).max(20),
  ),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type PollCreate = z.infer<typeof pollCreateSchema>;

export const pollVoteSchema = z.object({ optionId: uuid });

/** The votes table's vote_type values (votes on a discussion or a reply, at most 10 characters). */
export const POST_VOTE_TYPES = ['up', 'down'] as const;
export type PostVoteType = (typeof POST_VOTE_TYPES)[number];
const postVoteTypeSchema = z.enum(POST_VOTE_TYPES);

/** PUT .../vote: the member's vote on a discussion or reply; null withdraws it. The key is required. */
export const postVoteSchema = z.object({ voteType: postVoteTypeSchema.nullable() });
export type PostVote = z.infer<typeof postVoteSchema>;

export const subcategoryCreateSchema = z.object({
  name: requiredOneLine('Name', FORUM_MESSAGES.categoryNameRequired, LIMITS.forum.subcategoryNameMax),
  description: z.string().trim().max(LIMITS_TEXT.description).nullable().optional(),
  category: z.enum(FORUM_CATEGORIES).default('Core'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold lowercase letters, digits and single hyphens')
    .max(LIMITS.forum.slugMax)
    .optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #f59e0b')
    .default('#f59e0b'),
  minAccessLevel: accessLevelSchema.default('Public'),
});
export type SubcategoryCreate = z.infer<typeof subcategoryCreateSchema>;

export const subcategoryListQuerySchema = z.object({
  category: z.enum(FORUM_CATEGORIES).optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});

/** A category's slug: the lowercased name with hyphens for spaces (other symbols dropped). */
export function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, LIMITS.forum.slugMax);
}

export const attachmentUploadRequestSchema = z.object({
  fileName: z
    .string({ error: ATTACHMENT_MESSAGES.fileNameRequired })
    .trim()
    .min(1, ATTACHMENT_MESSAGES.fileNameRequired)
    .max(255),
  mimeType: z.string().trim().max(255).optional(),
  fileSize: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.forum.attachmentMaxBytes, ATTACHMENT_MESSAGES.fileTooLarge(LIMITS.forum.attachmentMaxBytes))
    .optional(),
});
export type AttachmentUploadRequest = z.infer<typeof attachmentUploadRequestSchema>;

/** The client's attachment record; the server re-derives size, type, kind and file name from what was stored. */
export const attachmentCreateSchema = z.object({
  filePath: z.string().min(1).max(1024),
  originalName: z.string().trim().min(1, ATTACHMENT_MESSAGES.fileNameRequired).max(255),
  fileName: z.string().max(255).optional(),
  fileSize: z.number().int().min(0).optional(),
  mimeType: z.string().max(255).optional(),
  type: z.enum(ATTACHMENT_TYPES).optional(),
  discussionId: uuid.nullable().optional(),
  replyId: uuid.nullable().optional(),
});
export type AttachmentCreate = z.infer<typeof attachmentCreateSchema>;

export const attachmentLinkSchema = z.object({ attachmentIds: z.array(uuid).min(1).max(20) });

export const forumModeratorCreateSchema = z
  .object({
    userId: z.uuid({ error: FORUM_MESSAGES.moderatorUserRequired }),
    category: z.enum(FORUM_CATEGORIES).nullable().optional(),
    subcategoryId: uuid.nullable().optional(),
  })
  .refine((grant) => !(grant.category && grant.subcategoryId), {
    message: FORUM_MESSAGES.moderatorScope,
    path: ['subcategoryId'],
  });
export type ForumModeratorCreate = z.infer<typeof forumModeratorCreateSchema>;

export const searchQuerySchema = z.object({
  query: z
    .string({ error: FORUM_MESSAGES.searchQueryRequired })
    .trim()
    .min(1, FORUM_MESSAGES.searchQueryRequired)
    .max(200),
  category: z.enum(SEARCH_CATEGORIES).default('all'),
  sortBy: z.enum(SEARCH_SORTS).default('relevance'),
  limit: limitParam,
  offset: z.coerce.number().int().min(0).max(1000).default(0),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const watchedListQuerySchema = z.object({ limit: limitParam, before: cursorParam });

// ---------------------------------------------------------------------------------------------
// Responses

const timestamp = z.string();
export const forumAuthorSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  accessLevel: accessLevelSchema,
  /** The member's picture (a blob-store URL from their profile), null when they have none. */
  profileImageUrl: z.string().nullable(),
});
export type ForumAuthor = z.infer<typeof forumAuthorSchema>;

export const attachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  originalName: z.string(),
  fileSize: z.number(),
  mimeType: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  filePath: z.string(),
  discussionId: z.string().nullable(),
  replyId: z.string().nullable(),
  /** Same-origin download link; the service checks access on every download. */
  publicUrl: z.string(),
  uploadedBy: z.string(),
  createdAt: timestamp,
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentUploadResponseSchema = z.object({
  uploadURL: z.string(),
  /** Send it as the PUT's Content-Type header (the one-machine store checks it). */
  contentType: z.string(),
  filePath: z.string(),
  fileName: z.string(),
  maxFileSize: z.number(),
  expiresAt: timestamp,
});
export type AttachmentUploadResponse = z.infer<typeof attachmentUploadResponseSchema>;

export const pollSchema = z.object({
  id: z.string(),
  discussionId: z.string(),
  question: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string(), voteCount: z.number().int() })),
  totalVotes: z.number().int(),
  /** The option the viewer voted for, if any. */
  userVote: z.string().nullable(),
  allowMultiple: z.boolean(),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type Poll = z.infer<typeof pollSchema>;

export const discussionSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  contentFormat: z.enum(CONTENT_FORMATS),
  category: accessLevelSchema,
  subcategoryId: z.string().nullable(),
  subcategory_id: z.string().nullable(),
  parentCategoryId: z.string().nullable(),
  parent_category_id: z.string().nullable(),
  discussionType: z.enum(DISCUSSION_TYPES),
  minAccessLevel: accessLevelSchema,
  /** The level from which members see it: the highest of category, minimum level and topic. */
  accessLevel: accessLevelSchema,
  authorId: z.string(),
  author: forumAuthorSchema.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  replyCount: z.number().int(),
  lastReplyAuthor: forumAuthorSchema.pick({ firstName: true, lastName: true, profileImageUrl: true }).nullable(),
  lastReplyTimestamp: timestamp.nullable(),
  lastReplyAt: timestamp.nullable(),
  hasPoll: z.boolean(),
  attachmentCount: z.number().int(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  isHidden: z.boolean(),
  viewCount: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** The viewer's own vote on it. */
  myVote: postVoteTypeSchema.nullable(),
  tags: z.array(z.string()),
  /** When its title or content was last edited; null if never. */
  editedAt: timestamp.nullable(),
  /** Replies posted since the viewer last opened it (0 if never opened or for shared pages). */
  newReplyCount: z.number().int(),
});
export type DiscussionSummary = z.infer<typeof discussionSchema>;
/**
 * GET /api/discussions/{id} adds the content rendered to sanitised HTML, the attachments, the poll
 * and whether the viewer watches it (lists leave those out to stay small).
 */
export const discussionDetailSchema = discussionSchema.extend({
  contentHtml: z.string(),
  attachments: z.array(attachmentSchema),
  poll: pollSchema.nullable(),
  isWatched: z.boolean(),
  /** Whether the viewer moderates it (in scope, or an admin): the page offers the moderation menu. */
  canModerate: z.boolean(),
  /** When the viewer opened it before this visit (null: first visit): replies after it are new. */
  lastVisitedAt: timestamp.nullable(),
});
export type DiscussionDetail = z.infer<typeof discussionDetailSchema>;

export const replySchema = z.object({
  id: z.string(),
  discussionId: z.string(),
  content: z.string(),
  contentFormat: z.enum(CONTENT_FORMATS),
  contentHtml: z.string(),
  authorId: z.string(),
  /** Null when auth no longer knows the author (a deleted account: the page shows 'Former member'). */
  author: forumAuthorSchema.nullable(),
  parentReplyId: z.string().nullable(),
  quotedReplyId: z.string().nullable(),
  isHidden: z.boolean(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** The viewer's own vote on it. */
  myVote: postVoteTypeSchema.nullable(),
  attachments: z.array(attachmentSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** When its content was last edited; null if never. */
  editedAt: timestamp.nullable(),
  /** A deleted reply stays in the thread as a placeholder: no content, author or files. */
  isDeleted: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;

/** A previous version of a post, kept when it was edited (moderators in scope and admins read them). */
export const postRevisionSchema = z.object({
  id: z.string(),
  /** The discussion's title before the edit; null for replies. */
  title: z.string().nullable(),
  content: z.string(),
  contentFormat: z.enum(CONTENT_FORMATS),
  contentHtml: z.string(),
  /** Who made the edit that replaced this version. */
  editedBy: forumAuthorSchema.nullable(),
  /** When it was replaced. */
  replacedAt: timestamp,
});
export type PostRevision = z.infer<typeof postRevisionSchema>;

/** What a vote answers: the post's counts after it and the viewer's vote. */
export const postVotesSchema = z.object({
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: postVoteTypeSchema.nullable(),
});
export type PostVotes = z.infer<typeof postVotesSchema>;

export const subcategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(FORUM_CATEGORIES),
  slug: z.string(),
  color: z.string(),
  minAccessLevel: accessLevelSchema,
  min_access_level: accessLevelSchema,
  /** The level from which members see it: the higher of category and minimum level. */
  accessLevel: accessLevelSchema,
  discussionCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: timestamp,
});
export type Subcategory = z.infer<typeof subcategorySchema>;

/** A level forum's figures for its card (GET /api/forum-levels): what its "All discussions" list holds for the viewer. */
export const forumLevelSummarySchema = z.object({
  category: accessLevelSchema,
  discussionCount: z.number().int(),
});
export type ForumLevelSummary = z.infer<typeof forumLevelSummarySchema>;

export const forumModeratorSchema = z.object({
  id: z.string(),
  userId: z.string(),
  category: z.enum(FORUM_CATEGORIES).nullable(),
  subcategoryId: z.string().nullable(),
  grantedBy: z.string().nullable(),
  grantedAt: timestamp,
  isActive: z.boolean(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }).nullable(),
});
export type ForumModerator = z.infer<typeof forumModeratorSchema>;

export const watchedDiscussionSchema = discussionSchema.extend({ watchedAt: timestamp });
export type WatchedDiscussion = z.infer<typeof watchedDiscussionSchema>;

export const searchResultSchema = z.object({
  kind: z.enum(['discussion', 'reply']),
  discussionId: z.string(),
  replyId: z.string().nullable(),
  title: z.string(),
  /** A plain-text excerpt with the matched words between « and » (no HTML). */
  snippet: z.string(),
  category: accessLevelSchema,
  subcategoryId: z.string().nullable(),
  author: forumAuthorSchema.nullable(),
  createdAt: timestamp,
  replyCount: z.number().int(),
  rank: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({
  items: z.array(searchResultSchema),
  nextOffset: z.number().int().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Events (subjects in SUBJECTS). Each names who should be told, so consumers need no forum tables.

export const discussionCreatedPayloadSchema = z.object({
  discussionId: z.string(),
  title: z.string(),
  category: accessLevelSchema,
  accessLevel: accessLevelSchema,
  subcategoryId: z.string().nullable(),
  discussionType: z.enum(DISCUSSION_TYPES),
  authorId: z.string(),
  createdAt: timestamp,
});
export type DiscussionCreatedPayload = z.infer<typeof discussionCreatedPayloadSchema>;

/** forum.discussion.updated / .deleted: where the discussion is (what shows it), for caches and listeners. */
export const discussionChangedPayloadSchema = z.object({
  discussionId: z.string(),
  category: accessLevelSchema,
  accessLevel: accessLevelSchema,
  subcategoryId: z.string().nullable(),
});
export type DiscussionChangedPayload = z.infer<typeof discussionChangedPayloadSchema>;

export const replyCreatedPayloadSchema = z.object({
  replyId: z.string(),
  discussionId: z.string(),
  discussionTitle: z.string(),
  accessLevel: accessLevelSchema,
  authorId: z.string(),
  authorName: z.string(),
  discussionAuthorId: z.string(),
  /** The discussion's author and its watchers who may still see it, without the reply's author. */
  notifyUserIds: z.array(z.string()),
  excerpt: z.string(),
  createdAt: timestamp,
});
export type ReplyCreatedPayload = z.infer<typeof replyCreatedPayloadSchema>;

/** forum.post.removed: a moderator or admin deleted a member's discussion or reply; its author is told why. */
export const postRemovedPayloadSchema = z.object({
  discussionId: z.string(),
  /** null: the discussion itself was deleted. */
  replyId: z.string().nullable(),
  discussionTitle: z.string(),
  authorId: z.string(),
  removedBy: z.string(),
  reason: z.string(),
  removedAt: timestamp,
});
export type PostRemovedPayload = z.infer<typeof postRemovedPayloadSchema>;

export const pollVotedPayloadSchema = z.object({
  pollId: z.string(),
  discussionId: z.string(),
  userId: z.string(),
  optionId: z.string(),
  previousOptionId: z.string().nullable(),
  totalVotes: z.number().int(),
});
export type PollVotedPayload = z.infer<typeof pollVotedPayloadSchema>;

/**
 * forum.vote.cast: a member's vote on a discussion or reply was set, changed or withdrawn. It says
 * the vote before and after, so a consumer adjusts the author's counts by the difference (profile's
 * upvotesReceived) and a redelivered event, skipped by its id, never counts twice.
 */
export const voteCastPayloadSchema = z
  .object({
    voterId: z.string(),
    /** Who wrote the post: whose upvotes received change. */
    authorId: z.string(),
    discussionId: z.string().nullable(),
    replyId: z.string().nullable(),
    /** null: the vote was withdrawn. */
    voteType: postVoteTypeSchema.nullable(),
    previousVoteType: postVoteTypeSchema.nullable(),
    castAt: timestamp,
  })
  .refine((vote) => (vote.discussionId === null) !== (vote.replyId === null), {
    message: 'A vote is on a discussion or on a reply',
  });
export type VoteCastPayload = z.infer<typeof voteCastPayloadSchema>;

export const mentionCreatedPayloadSchema = z.object({
  mentionId: z.string(),
  mentionedUserId: z.string(),
  mentionedBy: z.string(),
  mentionedByName: z.string(),
  discussionId: z.string(),
  discussionTitle: z.string(),
  replyId: z.string().nullable(),
  context: z.string(),
});
export type MentionCreatedPayload = z.infer<typeof mentionCreatedPayloadSchema>;

export const attachmentCreatedPayloadSchema = z.object({
  attachmentId: z.string(),
  uploadedBy: z.string(),
  discussionId: z.string().nullable(),
  replyId: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
});
export type AttachmentCreatedPayload = z.infer<typeof attachmentCreatedPayloadSchema>;
