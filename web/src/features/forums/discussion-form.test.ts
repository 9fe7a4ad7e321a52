import { describe, expect, it } from 'vitest';
import { canRemovePollOption, emptyDiscussionForm, validateDiscussionForm } from './discussion-form.ts';
import { aTopic } from './testing/forum-fixtures.ts';

describe('validateDiscussionForm', () => {
  it("lists every problem in FORUM_MESSAGES' words, joined with '. '", () => {
    const result = validateDiscussionForm({ ...emptyDiscussionForm(), includePoll: true }, []);
    expect(result).toEqual({
      ok: false,
      message:
        'Title is required. Content is required. Access level must be selected. Poll question is required when including a poll. At least 2 poll options are required',
    });
  });

  it('counts a title or content of spaces as missing', () => {
    const result = validateDiscussionForm(
      { ...emptyDiscussionForm({ category: 'Apprentice' }), title: '   ', content: '\n\t' },
      [],
    );
    expect(result).toEqual({ ok: false, message: 'Title is required. Content is required' });
  });

  it('ignores empty poll options when counting them', () => {
    const values = {
      ...emptyDiscussionForm({ category: 'Apprentice' }),
      title: 'T',
      content: 'C',
      includePoll: true,
      pollQuestion: 'Q?',
      pollOptions: ['Yes', '  ', ''],
    };
    expect(validateDiscussionForm(values, [])).toEqual({ ok: false, message: 'At least 2 poll options are required' });
  });

  it('asks nothing of the poll when none is included', () => {
    const values = {
      ...emptyDiscussionForm({ category: 'Apprentice' }),
      title: 'T',
      content: 'C',
      pollQuestion: '',
      pollOptions: ['', ''],
    };
    expect(validateDiscussionForm(values, [])).toMatchObject({ ok: true });
  });

  it("trims title and content, sends the 'none' topic as null and keeps only filled poll options", () => {
    const values = {
      ...emptyDiscussionForm({ category: 'Journeyman' }),
      title: '  Retro formats  ',
      content: '  Which do you use?\n',
      includePoll: true,
      pollQuestion: ' Favourite? ',
      pollOptions: ['Sailboat', '', ' Starfish '],
    };
    expect(validateDiscussionForm(values, [])).toEqual({
      ok: true,
      request: {
        title: 'Retro formats',
        content: 'Which do you use?',
        contentFormat: 'markdown',
        category: 'Journeyman',
        subcategoryId: null,
        discussionType: 'discussion',
        minAccessLevel: 'Public',
        includePoll: true,
        pollQuestion: 'Favourite?',
        pollOptions: ['Sailboat', 'Starfish'],
      },
    });
  });

  it("fixes the access level to the chosen topic's forum", () => {
    const topic = aTopic({ id: '7b0f3c1e-8a0e-4d8e-9a59-2f1f5d2f4c11', category: 'Master' });
    const values = {
      ...emptyDiscussionForm({ subcategoryId: topic.id, category: 'Apprentice' }),
      title: 'T',
      content: 'C',
    };
    expect(validateDiscussionForm(values, [topic])).toMatchObject({
      ok: true,
      request: { category: 'Master', subcategoryId: topic.id },
    });
    // No level needs choosing once a topic is chosen.
    expect(validateDiscussionForm({ ...values, category: '' }, [topic])).toMatchObject({ ok: true });
  });

  it('sends the uploaded attachments to be linked to the new discussion', () => {
    const id = '0d9f3c1e-8a0e-4d8e-9a59-2f1f5d2f4c11';
    const values = {
      ...emptyDiscussionForm({ category: 'Apprentice' }),
      title: 'T',
      content: 'C',
      attachments: [{ id } as never],
    };
    expect(validateDiscussionForm(values, [])).toMatchObject({ ok: true, request: { attachmentIds: [id] } });
  });
});

describe('canRemovePollOption', () => {
  it('allows removing options only while more than 2 remain', () => {
    expect(canRemovePollOption(['a', 'b'])).toBe(false);
    expect(canRemovePollOption(['a', 'b', 'c'])).toBe(true);
  });
});
