import { Box, Typography } from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import type { Task } from '@crucible/proto';
import { NoTasksState } from './NoTasksState.tsx';
import {
  ganttLayout,
  ganttPosition,
  movedDates,
  parseDue,
  PROJECT_LIMITS,
  truncate,
  type GanttBar,
} from '../task-rules.ts';

interface GanttViewProps {
  tasks: Task[];
  now: Date;
  onEdit: (task: Task) => void;
  onNewTask: () => void;
  /** A bar dragged (or moved with the arrow keys) to other days. */
  onMoveDates: (task: Task, dates: { startDate: string | null; dueDate: string }) => void;
}

const ROW_PX = 36;
const LABEL_PX = 180;
const MARKER_PX = 16;
const STATUS_COLOR = { 'To Do': '#9e9e9e', 'In Progress': '#1976d2', Review: '#ed6c02', Complete: '#2e7d32' } as const;

interface Drag {
  taskId: string;
  pointerId: number;
  startX: number;
  dayPx: number;
  days: number;
  moved: boolean;
}

const dayLabel = (day: string) => parseDue(day).toLocaleDateString();

function barLabel(task: Task): string {
  const due = `${task.title}, due ${dayLabel(task.dueDate ?? '')}`;
  return task.startDate ? `${due}, starts ${dayLabel(task.startDate)}` : due;
}

/**
 * The timeline: a bar from each task's start day to its due day (a marker on the due day when it
 * has no start), a window of 7 days back to 30 forward, weekly ticks and today line, and an arrow from each
 * prerequisite to the task that depends on it (as Plane and OpenProject draw them). A bar dragged
 * sideways moves both its days by whole days; a click opens the task; the arrow keys move it a day.
 */
export function GanttView({ tasks, now, onEdit, onNewTask, onMoveDates }: GanttViewProps) {
  const { window, bars, arrows } = useMemo(() => ganttLayout(tasks, now), [tasks, now]);
  const track = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // A drag ends with a click on the bar: that click must not open the task.
  const justDragged = useRef(false);

  if (!tasks.some((task) => task.dueDate)) {
    return (
      <NoTasksState
        text="No tasks with due dates to display in timeline"
        actionLabel="Add a Task with a Due Date"
        onAdd={onNewTask}
      />
    );
  }
  const height = Math.max(bars.length, 1) * ROW_PX;
  const percent = (at: number) => `${(at * 100).toFixed(3)}%`;
  const today = ganttPosition(now, window);
  const shift = (bar: GanttBar) => (drag?.taskId === bar.task.id ? drag.days / window.days : 0);

  const finish = (bar: GanttBar, pointerId: number) => {
    if (!drag || drag.taskId !== bar.task.id || drag.pointerId !== pointerId) return;
    setDrag(null);
    if (!drag.moved) return;
    justDragged.current = true;
    const dates = movedDates(bar.task, drag.days);
    if (dates) onMoveDates(bar.task, dates);
  };

  return (
    <Box sx={{ overflowX: 'auto' }} role="figure" aria-label="Gantt timeline">
      <Box sx={{ minWidth: 720, display: 'grid', gridTemplateColumns: `${LABEL_PX}px 1fr` }}>
        <Box />
        <Box sx={{ position: 'relative', height: 24, borderBottom: 1, borderColor: 'divider' }}>
          {window.ticks.map((tick) => (
            <Typography
              key={tick.getTime()}
              variant="caption"
              data-testid="gantt-tick"
              sx={{ position: 'absolute', left: percent(ganttPosition(tick, window)), transform: 'translateX(-50%)' }}
            >
              {tick.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
            </Typography>
          ))}
        </Box>
        <Box>
          {bars.map((bar) => (
            <Box key={bar.task.id} sx={{ height: ROW_PX, display: 'flex', alignItems: 'center', pr: 1 }}>
              <Typography variant="body2" noWrap title={bar.task.title}>
                {truncate(bar.task.title, 20)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box ref={track} sx={{ position: 'relative', height }}>
          <Box
            data-testid="gantt-today"
            aria-label="Today"
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: percent(today),
              borderLeft: 2,
              borderColor: 'error.main',
            }}
          />
          <svg
            width="100%"
            height={height}
            style={{ position: 'absolute', inset: 0, overflow: 'visible', pointerEvents: 'none' }}
            aria-hidden="true"
          >
            <defs>
              <marker id="gantt-arrow-head" markerWidth="8" markerHeight="8" refX="7" refY="4" orient="auto">
                <path d="M0,0 L8,4 L0,8 z" fill="currentColor" />
              </marker>
            </defs>
            {arrows.map(({ from, to }) => (
              <line
                key={`${from.task.id}-${to.task.id}`}
                data-testid="gantt-arrow"
                data-from={from.task.id}
                data-to={to.task.id}
                x1={percent(from.to + shift(from))}
                y1={from.row * ROW_PX + ROW_PX / 2}
                x2={percent(to.from + shift(to))}
                y2={to.row * ROW_PX + ROW_PX / 2}
                stroke="currentColor"
                strokeWidth={1.5}
                markerEnd="url(#gantt-arrow-head)"
              />
            ))}
          </svg>
          {bars.map((bar) => {
            const offset = shift(bar);
            const left = bar.spans
              ? percent(Math.max(bar.from + offset, 0))
              : `calc(${percent(bar.at + offset)} - ${MARKER_PX / 2}px)`;
            const width = bar.spans
              ? percent(Math.min(bar.to + offset, 1) - Math.max(bar.from + offset, 0))
              : `${MARKER_PX}px`;
            return (
              <Box
                key={bar.task.id}
                component="button"
                type="button"
                data-testid={`gantt-bar-${bar.task.id}`}
                data-start={bar.task.startDate ?? ''}
                data-due={bar.task.dueDate ?? ''}
                title={`${bar.task.title}: drag to move its dates`}
                aria-label={barLabel(bar.task)}
                aria-roledescription={bar.spans ? 'bar' : 'marker'}
                onPointerDown={(event: React.PointerEvent<HTMLButtonElement>) => {
                  if (event.button !== 0 || !track.current) return;
                  event.currentTarget.setPointerCapture(event.pointerId);
                  setDrag({
                    taskId: bar.task.id,
                    pointerId: event.pointerId,
                    startX: event.clientX,
                    dayPx: track.current.getBoundingClientRect().width / window.days,
                    days: 0,
                    moved: false,
                  });
                }}
                onPointerMove={(event: React.PointerEvent<HTMLButtonElement>) => {
                  if (!drag || drag.pointerId !== event.pointerId) return;
                  const dx = event.clientX - drag.startX;
                  const moved = drag.moved || Math.abs(dx) > PROJECT_LIMITS.dragThresholdPx;
                  const days = moved ? Math.round(dx / drag.dayPx) : 0;
                  if (moved !== drag.moved || days !== drag.days) setDrag({ ...drag, moved, days });
                }}
                onPointerUp={(event: React.PointerEvent<HTMLButtonElement>) => finish(bar, event.pointerId)}
                onPointerCancel={() => setDrag(null)}
                onClick={() => {
                  if (justDragged.current) {
                    justDragged.current = false;
                    return;
                  }
                  onEdit(bar.task);
                }}
                onKeyDown={(event: React.KeyboardEvent<HTMLButtonElement>) => {
                  const days = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                  const dates = movedDates(bar.task, days);
                  if (!dates) return;
                  event.preventDefault();
                  onMoveDates(bar.task, dates);
                }}
                sx={{
                  position: 'absolute',
                  top: bar.row * ROW_PX + 8,
                  left,
                  width,
                  minWidth: MARKER_PX,
                  height: ROW_PX - 16,
                  border: 0,
                  borderRadius: 1,
                  cursor: drag?.taskId === bar.task.id && drag.moved ? 'grabbing' : 'grab',
                  touchAction: 'none',
                  opacity: drag?.taskId === bar.task.id && drag.moved ? 0.8 : 1,
                  bgcolor: STATUS_COLOR[bar.task.status],
                }}
              />
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
