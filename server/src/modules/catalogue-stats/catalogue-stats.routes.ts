import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueStats, type CatalogueStats } from '@chartroom/contracts/catalogue-stats';
import type { Db } from '../../db/client.js';
import { countPublishedCatalogue } from './catalogue-stats.repository.js';

/** Public: what the catalogue holds, for the home page (no names, no owners, only counts and extent). */
export const catalogueStatsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/catalogue/stats',
    { schema: { tags: ['catalogue'], summary: 'Counts of published charts and providers', response: { 200: catalogueStats } } },
    async (): Promise<CatalogueStats> => {
      const row = await countPublishedCatalogue(db);
      const hasBox = row.west !== null && row.south !== null && row.east !== null && row.north !== null;
      return {
        encCharts: Number(row.encCharts),
        s102Grids: Number(row.s102Grids),
        providers: Number(row.providers),
        bbox: hasBox ? [Number(row.west), Number(row.south), Number(row.east), Number(row.north)] : null,
      };
    },
  );
};
