import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { isSharedPresentation } from '../db/read-cache.js';

/**
 * The route's response serializer (zod's check, then JSON), run once per shared answer: requests
 * that share one read share its presentation (`presentOnce`, deep-frozen), so its checked JSON is
 * the same for all of them and is kept with it (dropped with the answer). Any other answer is
 * checked and written every time, as before.
 */
export function sharedAnswerSerializer<S>(base: FastifySerializerCompiler<S>): FastifySerializerCompiler<S> {
  return (routeSchema) => {
    const serialize = base(routeSchema);
    const written = new WeakMap<object, string>();
    return (data: unknown) => {
      if (!isSharedPresentation(data)) return serialize(data);
      let json = written.get(data);
      if (json === undefined) {
        json = serialize(data);
        written.set(data, json);
      }
      return json;
    };
  };
}
