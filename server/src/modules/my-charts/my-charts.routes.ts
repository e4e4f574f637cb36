import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@chartroom/contracts/errors';
import { myCharts, statusReportParams, statusReportQuery } from '@chartroom/contracts/my-charts';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../plugins/auth.js';
import { getMyCharts, makeStatusReport } from './my-charts.service.js';

const security = [{ bearer: [] }];
const tags = ['users'];

/** The mariner's own charts (issue 37): what each device holds, and its ENC update status report. */
export const myChartsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/user/charts',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Your devices and every cell of your licences, with each cell's status on each device",
        security,
        response: { 200: myCharts, 401: errorBody },
      },
    },
    async (request) => getMyCharts({ db, actor: actorOf(request) }),
  );

  app.get(
    '/api/user/devices/:installationId/status-report',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The ENC update status report of one of your devices (CSV or PDF, in your language)',
        description:
          'Any installation of the device names it. Each cell: edition and update held, when received, the latest edition and update, its issue date and status; ' +
          "the report's date and device. `format=csv` (UTF-8 with BOM) or `format=pdf` (default). Another user's installation answers 404.",
        security,
        params: statusReportParams,
        querystring: statusReportQuery,
        response: {
          200: z.any().describe('The report: text/csv or application/pdf, as an attachment'),
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const report = await makeStatusReport({ db, actor: actorOf(request), ...request.params, format: request.query.format });
      return reply.type(report.contentType).header('content-disposition', `attachment; filename="${report.fileName}"`).send(report.body);
    },
  );
};
