import {
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { assigneeSummary, sortProjectRows, type ProjectRow, type ProjectSortKey } from '../task-rules.ts';

interface ProjectsTableProps {
  rows: ProjectRow[];
  selectedId: string | null;
  onSelect: (projectId: string) => void;
}

const SORTABLE: { key: ProjectSortKey; label: string }[] = [
  { key: 'title', label: 'Project Title' },
  { key: 'assignees', label: 'Assignees' },
  { key: 'completion', label: 'Completion' },
];

export function ProjectsTable({ rows, selectedId, onSelect }: ProjectsTableProps) {
  const [sort, setSort] = useState<{ key: ProjectSortKey; ascending: boolean }>({ key: 'title', ascending: true });
  const sorted = useMemo(() => sortProjectRows(rows, sort.key, sort.ascending), [rows, sort]);
  const toggle = (key: ProjectSortKey) =>
    setSort((current) => ({ key, ascending: current.key === key ? !current.ascending : true }));

  const cell = (key: ProjectSortKey) => {
    const column = SORTABLE.find((entry) => entry.key === key) as (typeof SORTABLE)[number];
    return (
      <TableCell sortDirection={sort.key === key ? (sort.ascending ? 'asc' : 'desc') : false}>
        <TableSortLabel
          active={sort.key === key}
          direction={sort.key === key && !sort.ascending ? 'desc' : 'asc'}
          onClick={() => toggle(key)}
        >
          {column.label}
        </TableSortLabel>
      </TableCell>
    );
  };

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Projects Overview">
        <TableHead>
          <TableRow>
            {cell('title')}
            <TableCell>Description</TableCell>
            {cell('assignees')}
            {cell('completion')}
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map(({ project, assigneeNames, completion }) => (
            <TableRow
              key={project.id}
              hover
              selected={project.id === selectedId}
              onClick={() => onSelect(project.id)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {project.title}
                  </Typography>
                  {project.id === selectedId && <Chip size="small" color="primary" label="Active" />}
                </Stack>
              </TableCell>
              <TableCell>{project.description || 'No description provided'}</TableCell>
              <TableCell>{assigneeSummary(assigneeNames)}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box sx={{ flexGrow: 1 }}>
                    <LinearProgress
                      variant="determinate"
                      value={completion}
                      aria-label={`${project.title} completion`}
                    />
                  </Box>
                  <Typography variant="caption">{completion}%</Typography>
                </Stack>
              </TableCell>
              <TableCell>
                <Button
                  size="small"
                  onClick={(event) => {
                    event.stopPropagation();
                    onSelect(project.id);
                  }}
                >
                  View Tasks
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
