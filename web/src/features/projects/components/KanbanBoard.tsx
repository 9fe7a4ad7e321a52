import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TASK_STATUSES, type Task, type TaskStatus } from '@crucible/proto';
import { NoTasksState } from './NoTasksState.tsx';
import { assigneeSummary, kanbanColumn, parseDue, PROJECT_LIMITS, reorderedColumn, truncate } from '../task-rules.ts';

interface KanbanBoardProps {
  tasks: Task[];
  userName: (id: string) => string;
  onAdd: (status: TaskStatus) => void;
  onEdit: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
  /** A card dropped on another card of its own column: the column's ids in their new order. */
  onReorder: (status: TaskStatus, taskIds: string[]) => void;
}

/** Each card is also a drop target (its id prefixed), so a card dropped on another takes its place. */
const CARD_TARGET = 'card:';
const cardTargetId = (taskId: string) => `${CARD_TARGET}${taskId}`;

/**
 * Arrow keys jump a lifted card to the neighbouring column (left, right) or onto the card above or
 * below it in its column (up, down) instead of nudging it by pixels.
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;
  const rectsOf = (cards: boolean) =>
    droppableContainers
      .getEnabled()
      .filter((container) => String(container.id).startsWith(CARD_TARGET) === cards)
      .map((container) => droppableRects.get(container.id))
      .filter((rect): rect is NonNullable<typeof rect> => Boolean(rect));
  const vertical = event.code === KeyboardCode.Down ? 1 : event.code === KeyboardCode.Up ? -1 : 0;
  if (vertical !== 0) {
    event.preventDefault();
    const middleX = collisionRect.left + collisionRect.width / 2;
    const middleY = collisionRect.top + collisionRect.height / 2;
    const inColumn = rectsOf(true)
      .filter((rect) => rect.left <= middleX && middleX <= rect.left + rect.width)
      .sort((a, b) => a.top - b.top);
    const target =
      vertical > 0
        ? inColumn.find((rect) => rect.top + rect.height / 2 > middleY + 1)
        : [...inColumn].reverse().find((rect) => rect.top + rect.height / 2 < middleY - 1);
    if (!target) return undefined;
    return { x: collisionRect.left, y: target.top + target.height / 2 - collisionRect.height / 2 };
  }
  const direction = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (direction === 0) return undefined;
  event.preventDefault();
  const columns = rectsOf(false).sort((a, b) => a.left - b.left);
  const here = collisionRect.left + collisionRect.width / 2;
  const next =
    direction > 0
      ? columns.find((rect) => rect.left > here)
      : [...columns].reverse().find((rect) => rect.left + rect.width < here);
  if (!next) return undefined;
  return { x: next.left + next.width / 2 - collisionRect.width / 2, y: next.top + 48 };
};

export function KanbanBoard({ tasks, userName, onAdd, onEdit, onMove, onReorder }: KanbanBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: PROJECT_LIMITS.dragThresholdPx } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnCoordinates,
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const subtaskCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const task of tasks) {
      if (task.parentTaskId) counts.set(task.parentTaskId, (counts.get(task.parentTaskId) ?? 0) + 1);
    }
    return counts;
  }, [tasks]);
  const columns = useMemo(
    () => TASK_STATUSES.map((status) => ({ status, tasks: kanbanColumn(tasks, status) })),
    [tasks],
  );

  const dragEnd = ({ active, over }: DragEndEvent) => {
    const task = byId.get(String(active.id));
    if (!task || !over) return;
    const overId = String(over.id);
    const target = overId.startsWith(CARD_TARGET) ? byId.get(overId.slice(CARD_TARGET.length)) : undefined;
    const status = target ? target.status : (overId as TaskStatus);
    if (status !== task.status) {
      onMove(task, status);
      return;
    }
    // Dropped on another card of its own column: it takes that card's place. On the column itself
    // (or on its own card) nothing changes and nothing is sent.
    if (!target || target.id === task.id) return;
    const column = columns.find((candidate) => candidate.status === status)?.tasks ?? [];
    onReorder(status, reorderedColumn(column, task.id, target.id));
  };

  return (
    <DndContext
      sensors={sensors}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'Press Space to pick up the task, the left and right arrows to change column, the up and down arrows to change its place in the column, Space to drop it.',
        },
      }}
    >
      {tasks.length === 0 && (
        <Box sx={{ mb: 2 }}>
          <NoTasksState onAdd={() => onAdd('To Do')} />
        </Box>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        {columns.map((column) => (
          <KanbanColumn
            key={column.status}
            status={column.status}
            tasks={column.tasks}
            byId={byId}
            subtaskCounts={subtaskCounts}
            userName={userName}
            onAdd={onAdd}
            onEdit={onEdit}
          />
        ))}
      </Box>
    </DndContext>
  );
}

interface KanbanColumnProps {
  status: TaskStatus;
  tasks: Task[];
  byId: Map<string, Task>;
  subtaskCounts: Map<string, number>;
  userName: (id: string) => string;
  onAdd: (status: TaskStatus) => void;
  onEdit: (task: Task) => void;
}

function KanbanColumn({ status, tasks, byId, subtaskCounts, userName, onAdd, onEdit }: KanbanColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      component="section"
      aria-label={`${status} column`}
      sx={{ p: 1.5, minHeight: 200, bgcolor: isOver ? 'action.hover' : undefined }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3">
            {status}
          </Typography>
          <Chip size="small" label={tasks.length} aria-label={`${tasks.length} tasks`} />
        </Stack>
        <Button size="small" onClick={() => onAdd(status)} aria-label={`Add task to ${status}`}>
          + Add Task
        </Button>
      </Stack>
      <ColumnCards
        tasks={tasks}
        renderCard={(task) => (
          <KanbanCard
            key={task.id}
            task={task}
            parentTitle={task.parentTaskId ? byId.get(task.parentTaskId)?.title : undefined}
            subtasks={subtaskCounts.get(task.id) ?? 0}
            userName={userName}
            onEdit={onEdit}
          />
        )}
      />
    </Paper>
  );
}

/**
 * Columns longer than this mount only the cards near the viewport (a board of 5,000 tasks stays smooth). Every
 * mounted card is a dnd-kit draggable that re-renders whenever a drag starts, moves or ends, so
 * mounting all of them cost seconds per render and per drag; shorter columns render every card.
 */
export const KANBAN_WINDOW_FROM = 60;
const CARD_GAP_PX = 8;
const ESTIMATED_CARD_PX = 110;

interface ColumnCardsProps {
  tasks: Task[];
  renderCard: (task: Task) => ReactNode;
}

function ColumnCards({ tasks, renderCard }: ColumnCardsProps) {
  if (tasks.length <= KANBAN_WINDOW_FROM) return <Stack spacing={1}>{tasks.map(renderCard)}</Stack>;
  return <WindowedCards tasks={tasks} renderCard={renderCard} />;
}

/** The page keeps scrolling as a whole: the list is windowed against the window's scroll position. */
function WindowedCards({ tasks, renderCard }: ColumnCardsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (listRef.current) setScrollMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: tasks.length,
    estimateSize: () => ESTIMATED_CARD_PX,
    gap: CARD_GAP_PX,
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => tasks[index]!.id,
  });
  return (
    <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        // Positioned by `top`, not a transform, so a lifted card's z-index still lifts it above the others.
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          style={{ position: 'absolute', left: 0, width: '100%', top: item.start - scrollMargin }}
        >
          {renderCard(tasks[item.index]!)}
        </div>
      ))}
    </div>
  );
}

interface KanbanCardProps {
  task: Task;
  parentTitle: string | undefined;
  subtasks: number;
  userName: (id: string) => string;
  onEdit: (task: Task) => void;
}

const KanbanCard = memo(function KanbanCard({ task, parentTitle, subtasks, userName, onEdit }: KanbanCardProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: task.id });
  const { setNodeRef: setTargetRef } = useDroppable({ id: cardTargetId(task.id) });
  const pressedAt = useRef(0);
  const complete = task.status === 'Complete';

  return (
    <Paper
      ref={(node: HTMLDivElement | null) => {
        setNodeRef(node);
        setTargetRef(node);
      }}
      data-testid={`task-card-${task.id}`}
      {...attributes}
      {...listeners}
      aria-label={`${task.title}, ${task.priority ?? 'Medium'} priority`}
      onPointerDown={(event) => {
        pressedAt.current = event.timeStamp;
        listeners?.onPointerDown?.(event);
      }}
      onClick={(event) => {
        // A press held longer than 200 ms is not a click; keyboard clicks have no press.
        if (pressedAt.current === 0 || event.timeStamp - pressedAt.current < PROJECT_LIMITS.clickMaxMs) onEdit(task);
        pressedAt.current = 0;
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !isDragging) {
          onEdit(task);
          return;
        }
        listeners?.onKeyDown?.(event);
      }}
      sx={{
        p: 1.25,
        ml: task.parentTaskId ? 2 : 0,
        cursor: 'grab',
        opacity: complete ? 0.6 : 1,
        transform: CSS.Translate.toString(transform),
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
        touchAction: 'none',
      }}
    >
      <KanbanCardBody task={task} parentTitle={parentTitle} subtasks={subtasks} userName={userName} />
    </Paper>
  );
});

/**
 * What a card shows, memoised apart from its draggable shell: dnd-kit's context re-renders every
 * mounted draggable when a drag starts, moves or ends, and only the shell depends on that.
 */
const KanbanCardBody = memo(function KanbanCardBody({
  task,
  parentTitle,
  subtasks,
  userName,
}: Omit<KanbanCardProps, 'onEdit'>) {
  const complete = task.status === 'Complete';
  const names = task.assignees.map(userName);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, textDecoration: complete ? 'line-through' : undefined, wordBreak: 'break-word' }}
        >
          {task.title}
        </Typography>
        {complete && <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Completed" />}
      </Stack>
      {parentTitle !== undefined && (
        <Typography variant="caption" color="text.secondary" component="div">
          Subtask of {truncate(parentTitle, 15)}
        </Typography>
      )}
      {subtasks > 0 && (
        <Typography variant="caption" color="text.secondary" component="div">
          {subtasks} subtask(s)
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" variant="outlined" label={task.priority ?? 'Medium'} />
        {task.dueDate && <Typography variant="caption">Due {parseDue(task.dueDate).toLocaleDateString()}</Typography>}
        <Typography variant="caption">{task.completionPercentage}%</Typography>
      </Stack>
      {names.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="div">
          {assigneeSummary(names)}
        </Typography>
      )}
    </>
  );
});
