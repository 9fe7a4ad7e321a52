import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import type { Task } from '../api/types.ts';
import { NoTasksState } from './NoTasksState.tsx';
import { ganttLayout, ganttPosition, parseDue, truncate } from '../task-rules.ts';

interface GanttViewProps {
  tasks: Task[];
  now: Date;
  onEdit: (task: Task) => void;
  onNewTask: () => void;
}

const ROW_PX = 36;
const LABEL_PX = 180;
const STATUS_COLOR = { 'To Do': '#9e9e9e', 'In Progress': '#1976d2', Review: '#ed6c02', Complete: '#2e7d32' } as const;

/**
 * A due-date timeline: each task is a marker on its due day. Beyond the spec, an arrow runs from each
 * prerequisite's marker to the task that depends on it (as Plane and OpenProject draw them).
 */
export function GanttView({ tasks, now, onEdit, onNewTask }: GanttViewProps) {
  const { window, bars, arrows } = useMemo(() => ganttLayout(tasks, now), [tasks, now]);
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
        <Box sx={{ position: 'relative', height }}>
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
                x1={percent(from.at)}
                y1={from.row * ROW_PX + ROW_PX / 2}
                x2={percent(to.at)}
                y2={to.row * ROW_PX + ROW_PX / 2}
                stroke="currentColor"
                strokeWidth={1.5}
                markerEnd="url(#gantt-arrow-head)"
              />
            ))}
          </svg>
          {bars.map((bar) => (
            <Box
              key={bar.task.id}
              component="button"
              type="button"
              data-testid={`gantt-bar-${bar.task.id}`}
              onClick={() => onEdit(bar.task)}
              aria-label={`${bar.task.title}, due ${parseDue(bar.task.dueDate ?? '').toLocaleDateString()}`}
              sx={{
                position: 'absolute',
                top: bar.row * ROW_PX + 8,
                left: `calc(${percent(bar.at)} - 8px)`,
                width: 16,
                height: ROW_PX - 16,
                border: 0,
                borderRadius: 1,
                cursor: 'pointer',
                bgcolor: STATUS_COLOR[bar.task.status],
              }}
            />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
