import type { Attachment, DiscussionDetail, DiscussionSummary, Poll, Reply, Subcategory } from '@crucible/proto';

const AT = '2025-06-01T10:00:00.000Z';

export function aTopic(overrides: Partial<Subcategory> = {}): Subcategory {
  const level = overrides.accessLevel ?? overrides.category ?? 'Journeyman';
  return {
    id: 'topic-1',
    name: 'Leading Teams',
    description: 'Growing and guiding a team',
    category: 'Journeyman',
    slug: 'leading-teams',
    color: '#f59e0b',
    minAccessLevel: 'Public',
    min_access_level: 'Public',
    accessLevel: level,
    discussionCount: 1,
    isActive: true,
    createdAt: AT,
    ...overrides,
  };
}

export function aDiscussion(overrides: Partial<DiscussionSummary> = {}): DiscussionSummary {
  return {
    id: 'discussion-1',
    title: 'How do you run retrospectives?',
    content: 'Share your **format**.',
    contentFormat: 'markdown',
    category: 'Journeyman',
    subcategoryId: 'topic-1',
    subcategory_id: 'topic-1',
    parentCategoryId: null,
    parent_category_id: null,
    discussionType: 'discussion',
    minAccessLevel: 'Public',
    accessLevel: 'Journeyman',
    authorId: 'author-1',
    author: {
      id: 'author-1',
      firstName: 'Grace',
      lastName: 'Hopper',
      accessLevel: 'Journeyman',
      profileImageUrl: null,
    },
    createdAt: AT,
    updatedAt: AT,
    replyCount: 0,
    lastReplyAuthor: null,
    lastReplyTimestamp: null,
    lastReplyAt: null,
    hasPoll: false,
    attachmentCount: 0,
    isPinned: false,
    isLocked: false,
    isHidden: false,
    viewCount: 0,
    upvotes: 0,
    downvotes: 0,
    myVote: null,
    tags: [],
    editedAt: null,
    newReplyCount: 0,
    ...overrides,
  };
}

export function aDiscussionDetail(overrides: Partial<DiscussionDetail> = {}): DiscussionDetail {
  return {
    ...aDiscussion(overrides),
    contentHtml: '<p>Share your <strong>format</strong>.</p>',
    attachments: [],
    poll: null,
    isWatched: false,
    canModerate: false,
    lastVisitedAt: null,
    ...overrides,
  };
}

export function anAttachment(overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: 'attachment-1',
    fileName: 'agenda.pdf',
    originalName: 'agenda.pdf',
    fileSize: 2048,
    mimeType: 'application/pdf',
    type: 'document',
    filePath: 'attachments/user-1/file-1',
    discussionId: null,
    replyId: null,
    publicUrl: '/api/attachments/attachment-1/download',
    uploadedBy: 'user-1',
    createdAt: AT,
    ...overrides,
  };
}

export function aPoll(overrides: Partial<Poll> = {}): Poll {
  return {
    id: 'poll-1',
    discussionId: 'discussion-1',
    question: 'Which format works best?',
    options: [
      { id: 'option-1', text: 'Start, stop, continue', voteCount: 1 },
      { id: 'option-2', text: 'Sailboat', voteCount: 0 },
    ],
    totalVotes: 1,
    userVote: null,
    allowMultiple: false,
    expiresAt: null,
    createdAt: AT,
    ...overrides,
  };
}

export function aReply(overrides: Partial<Reply> = {}): Reply {
  return {
    id: 'reply-1',
    discussionId: 'discussion-1',
    content: 'We use a sailboat.',
    contentFormat: 'markdown',
    contentHtml: '<p>We use a sailboat.</p>',
    authorId: 'author-2',
    author: { id: 'author-2', firstName: 'Alan', lastName: 'Turing', accessLevel: 'Master', profileImageUrl: null },
    parentReplyId: null,
    quotedReplyId: null,
    isHidden: false,
    upvotes: 0,
    downvotes: 0,
    myVote: null,
    attachments: [],
    createdAt: AT,
    updatedAt: AT,
    editedAt: null,
    isDeleted: false,
    ...overrides,
  };
}
