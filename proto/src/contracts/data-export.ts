import { z } from 'zod';
import { DATA_EXPORT_MESSAGES, dataExportLinkSchema, dataExportSchema } from '../data-export.ts';
import { defineRoutes, pathId } from './route.ts';

const exportPath = z.object({ id: pathId(DATA_EXPORT_MESSAGES.notFound) });

/** A member's data exports ('Download my data'), served by auth. Each answers only its own member. */
export const dataExportRoutes = defineRoutes({
  startDataExport: {
    method: 'POST',
    path: '/api/auth/data-exports',
    auth: 'member',
    summary: "Start gathering the member's data into a zip; answers the export already under way if there is one",
    description:
      'The export is built in the background (every service is asked for its part); poll it for progress. ' +
      'A mail tells the member when it is ready. 429 past DATA_EXPORTS_PER_DAY a day.',
    responses: { 202: dataExportSchema },
  },
  listDataExports: {
    method: 'GET',
    path: '/api/auth/data-exports',
    auth: 'member',
    summary: "The member's exports of the last day, newest first",
    responses: { 200: z.array(dataExportSchema) },
  },
  getDataExport: {
    method: 'GET',
    path: '/api/auth/data-exports/:id',
    auth: 'member',
    summary: "One of the member's exports, with its progress",
    pathParams: exportPath,
    responses: { 200: dataExportSchema },
  },
  dataExportDownloadLink: {
    method: 'POST',
    path: '/api/auth/data-exports/:id/download-link',
    auth: 'member',
    summary: "A signed link to a ready export's zip, valid for minutes",
    description: "409 while it is being built or if it failed, 410 once it has expired; another member's is 404.",
    pathParams: exportPath,
    responses: { 200: dataExportLinkSchema },
  },
});
