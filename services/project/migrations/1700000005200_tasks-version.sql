-- Up Migration
-- Bumped by every change to a project's tasks (in the transaction that locks the project row), so
-- the task list, thousands of tasks serialised by PostgreSQL, is built once per version and reused.
ALTER TABLE projects ADD COLUMN tasks_version BIGINT NOT NULL DEFAULT 0;
