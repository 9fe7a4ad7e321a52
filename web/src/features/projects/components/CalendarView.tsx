import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, List, ListItemButton, ListItemText, Popover, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import type { Task } from '@crucible/proto';
import { NoTasksState } from './NoTasksState.tsx';
import { calendarMonth, type CalendarDay } from '../task-rules.ts';

interface CalendarViewProps {
  tasks: Task[];
  now: Date;
  onEdit: (task: Task) => void;
  onNewTask: () => void;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function CalendarView({ tasks, now, onEdit, onNewTask }: CalendarViewProps) {
  const [month, setMonth] = useState(() => ({ year: now.getFullYear(), month: now.getMonth() }));
  const [dayList, setDayList] = useState<{ anchor: HTMLElement; day: CalendarDay } | null>(null);
  const weeks = useMemo(() => calendarMonth(month.year, month.month, tasks, now), [month, tasks, now]);
  const undated = tasks.filter((task) => !task.dueDate);
  const shift = (by: number) =>
    setMonth(({ year, month: current }) => {
      const date = new Date(year, current + by, 1);
      return { year: date.getFullYear(), month: date.getMonth() };
    });
  const heading = new Date(month.year, month.month, 1).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
  });

  return (
    <Stack spacing={2}>
      {tasks.length === 0 && <NoTasksState onAdd={onNewTask} />}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <IconButton onClick={() => shift(-1)} aria-label="Previous month">
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="h3" aria-live="polite">
          {heading}
        </Typography>
        <IconButton onClick={() => shift(1)} aria-label="Next month">
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Box role="grid" aria-label={heading} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}>
        {WEEKDAYS.map((weekday) => (
          <Typography key={weekday} role="columnheader" variant="caption" sx={{ textAlign: 'center', fontWeight: 600 }}>
            {weekday}
          </Typography>
        ))}
        {weeks.flat().map((cell) => (
          <Box
            key={cell.date.getTime()}
            role="gridcell"
            aria-current={cell.isToday ? 'date' : undefined}
            data-today={cell.isToday || undefined}
            sx={{
              minHeight: 96,
              p: 0.5,
              border: 1,
              borderColor: cell.isToday ? 'primary.main' : 'divider',
              bgcolor: cell.isToday ? 'action.selected' : undefined,
              opacity: cell.inMonth ? 1 : 0.5,
            }}
          >
            <Typography variant="caption" sx={{ fontWeight: cell.isToday ? 700 : 400 }}>
              {cell.date.getDate()}
            </Typography>
            {/* As much of each title as the cell's width holds, the whole title on hover. */}
            {cell.tasks.map((task) => (
              <Button
                key={task.id}
                size="small"
                onClick={() => onEdit(task)}
                title={task.title}
                sx={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'left',
                  textTransform: 'none',
                  p: 0,
                  minWidth: 0,
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                {task.title}
              </Button>
            ))}
            {cell.moreCount > 0 && (
              <Button
                size="small"
                onClick={(event) => setDayList({ anchor: event.currentTarget, day: cell })}
                aria-label={`+${cell.moreCount} more on ${cell.date.toLocaleDateString()}`}
                sx={{ textTransform: 'none', p: 0, minWidth: 0 }}
              >
                +{cell.moreCount} more
              </Button>
            )}
          </Box>
        ))}
      </Box>
      <Popover
        open={dayList !== null}
        anchorEl={dayList?.anchor}
        onClose={() => setDayList(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {dayList && (
          <List dense aria-label={`Tasks due ${dayList.day.date.toLocaleDateString()}`} sx={{ minWidth: 220 }}>
            {dayList.day.due.map((task) => (
              <ListItemButton
                key={task.id}
                onClick={() => {
                  setDayList(null);
                  onEdit(task);
                }}
              >
                <ListItemText primary={task.title} secondary={task.status} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
      <Box>
        <Typography variant="subtitle1" component="h3">
          Tasks without due dates
        </Typography>
        <List dense>
          {undated.map((task) => (
            <ListItemButton key={task.id} onClick={() => onEdit(task)}>
              <ListItemText primary={task.title} secondary={task.status} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Stack>
  );
}
