import { updatesResult, type EntitledCell, type UpdatesResult } from '@chartroom/contracts/device-api';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { sharedAnswerSerializer } from '../../plugins/shared-answer-serializer.js';

const cellsResult = updatesResult.shape.cells;
/** The checked JSON of a frozen list of cells (shared by the requests of one read), kept with it. */
const written = new WeakMap<readonly EntitledCell[], string>();

function cellsJson(cells: readonly EntitledCell[]): string {
  let json = written.get(cells);
  if (json === undefined) {
    json = JSON.stringify(cellsResult.parse(cells));
    if (Object.isFrozen(cells)) written.set(cells, json);
  }
  return json;
}

const otherKinds = ['ntms', 'poiReleases', 'navMessages', 'rawDepthFiles'] as const;

/**
 * The update check's answer as JSON, exactly as the route's schema writes it (`serverTime`, then
 * `cells`, each cell checked by the schema, then the other kinds): the cells' part is checked and written once per list.
 */
export function updatesAnswerJson(answer: UpdatesResult): string {
  let json = `{"serverTime":${JSON.stringify(updatesResult.shape.serverTime.parse(answer.serverTime))},"cells":${cellsJson(answer.cells)}`;
  // The other kinds (issue 35), each checked by its schema, in the schema's order.
  for (const kind of otherKinds) {
    if (answer[kind] !== undefined) json += `,"${kind}":${JSON.stringify(updatesResult.shape[kind].parse(answer[kind]))}`;
  }
  return `${json}}`;
}

const otherAnswers = sharedAnswerSerializer(serializerCompiler);

/** The update check's serializers: its 200 answer through updatesAnswerJson, any other as every route's. */
export function updatesAnswerSerializer<S>(route: Parameters<FastifySerializerCompiler<S>>[0]): (data: unknown) => string {
  if (route.httpStatus === '200') return (data) => updatesAnswerJson(data as UpdatesResult);
  return otherAnswers({ ...route, schema: route.schema as unknown as ZodType });
}
