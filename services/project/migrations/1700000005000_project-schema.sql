-- Up Migration
CREATE TYPE access_level AS ENUM ('Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin');
CREATE TYPE task_status AS ENUM ('To Do', 'In Progress', 'Review', 'Complete');
CREATE TYPE task_priority AS ENUM ('Low', 'Medium', 'High', 'Critical');

-- What project knows of auth's users (who is Core, for assignees), kept from auth's events.
CREATE TABLE users (
  id           UUID PRIMARY KEY,
  email        TEXT NOT NULL,
  first_name   TEXT,
  last_name    TEXT,
  access_level access_level NOT NULL DEFAULT 'Public',
  is_admin     BOOLEAN NOT NULL DEFAULT false,
  updated_at   TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE projects (
  id          UUID PRIMARY KEY,
  title       TEXT NOT NULL,
  description TEXT,
  owner_id    UUID NOT NULL,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE tasks (
  id                    UUID PRIMARY KEY,
  project_id            UUID NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  title                 TEXT NOT NULL,
  description           TEXT,
  status                task_status NOT NULL DEFAULT 'To Do',
  priority              task_priority NOT NULL DEFAULT 'Medium',
  assignee_id           UUID,
  -- A deleted parent leaves its subtasks as top-level tasks.
  parent_task_id        UUID REFERENCES tasks (id) ON DELETE SET NULL CHECK (parent_task_id <> id),
  due_date              DATE,
  completion_percentage INTEGER NOT NULL DEFAULT 0 CHECK (completion_percentage BETWEEN 0 AND 100),
  created_at            TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at            TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX tasks_project_idx ON tasks (project_id, created_at);
CREATE INDEX tasks_parent_idx ON tasks (parent_task_id);
CREATE INDEX tasks_assignee_idx ON tasks (assignee_id);

CREATE TABLE task_assignees (
  id          UUID PRIMARY KEY,
  task_id     UUID NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id     UUID NOT NULL,
  assigned_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  assigned_by UUID,
  UNIQUE (task_id, user_id)
);
CREATE INDEX task_assignees_user_idx ON task_assignees (user_id);

CREATE TABLE task_dependencies (
  id                 UUID PRIMARY KEY,
  task_id            UUID NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  depends_on_task_id UUID NOT NULL REFERENCES tasks (id) ON DELETE CASCADE CHECK (depends_on_task_id <> task_id),
  created_at         TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  UNIQUE (task_id, depends_on_task_id)
);
CREATE INDEX task_dependencies_depends_on_idx ON task_dependencies (depends_on_task_id);

-- The history outlives the task (no foreign key): a deleted task's audit stays readable by id.
CREATE TABLE task_audit (
  id          UUID PRIMARY KEY,
  task_id     UUID NOT NULL,
  user_id     UUID NOT NULL,
  action      TEXT NOT NULL,
  field_name  TEXT,
  old_value   TEXT,
  new_value   TEXT,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX task_audit_task_idx ON task_audit (task_id, created_at);
