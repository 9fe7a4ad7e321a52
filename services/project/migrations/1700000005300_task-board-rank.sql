-- Up Migration
-- A Kanban column's order as a member left it after a drag, kept for everyone. NULL until the
-- column is ordered; such tasks follow the placed ones by priority. A status change clears it.
ALTER TABLE tasks ADD COLUMN board_rank INTEGER;
