/**
 * Shapes of the dashboard's reads that no contract in @crucible/proto describes yet. The online list
 * comes from the realtime service (its own branch); once its contract is merged, import it from
 * there. Tasks wait for the project service.
 */
export type { OnlineUser } from '../../../lib/live-socket/types.ts';

export interface DashboardTask {
  id: string;
  title: string;
  description: string | null;
  status: 'To Do' | 'In Progress' | 'Review' | 'Complete';
  priority: string;
  dueDate: string | null;
  completionPercentage: number | null;
}
