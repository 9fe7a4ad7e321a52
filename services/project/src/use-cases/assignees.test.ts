import { describe, expect, it } from 'vitest';
import { projectCompletion } from '@crucible/proto';
import { reconcileAssignees } from './tasks.ts';

describe('reconcileAssignees', () => {
  const current = { assigneeId: 'a', assignees: ['a', 'b'] };

  it('keeps both unchanged when neither is sent', () => {
    expect(reconcileAssignees(current, {})).toEqual(current);
  });
  it('adds a single assignee that the sent list lacks', () => {
    expect(reconcileAssignees(current, { assigneeId: 'c', assignees: ['b'] })).toEqual({
      assigneeId: 'c',
      assignees: ['c', 'b'],
    });
  });
  it('makes the first entry of a list sent alone the single assignee', () => {
    expect(reconcileAssignees(current, { assignees: ['b', 'a'] }).assigneeId).toBe('b');
    expect(reconcileAssignees(current, { assignees: ['c', 'b'] }).assigneeId).toBe('c');
    expect(reconcileAssignees(current, { assignees: [] })).toEqual({ assigneeId: null, assignees: [] });
  });
  it('puts a single assignee sent alone in the old one’s place', () => {
    expect(reconcileAssignees(current, { assigneeId: 'c' })).toEqual({ assigneeId: 'c', assignees: ['c', 'b'] });
    expect(reconcileAssignees(current, { assigneeId: null })).toEqual({ assigneeId: null, assignees: ['b'] });
  });
});

describe('projectCompletion', () => {
  it('is the rounded average, 0 without tasks', () => {
    expect(projectCompletion([])).toBe(0);
    expect(projectCompletion([50, 25])).toBe(38);
    expect(projectCompletion([100, 0, 0])).toBe(33);
  });
});
