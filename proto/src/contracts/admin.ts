import { messageReportCreateSchema, messageReportSchema } from '../admin.ts';
import { defineRoutes } from './route.ts';

/** Every call the admin service answers. The report intake is a member's call; the console's are admins'. */
export const adminRoutes = defineRoutes({
  reportMessage: {
    method: 'POST',
    path: '/api/admin/message-reports',
    auth: 'member',
    summary: "Report a message of one of the member's conversations (one open report per message)",
    body: messageReportCreateSchema,
    responses: { 201: messageReportSchema },
  },
});
