// The reference for bench/api/run.mjs: Fastify 5 with nothing but a route answering a fixed JSON body
// (the bytes of the portal's answer it is compared with), logging off as Fastify's default.
import Fastify from 'fastify';

// Parsed once: the route returns the object and Fastify serialises it, as a JSON route does.
const bodies = Object.fromEntries(Object.entries(JSON.parse(process.env.BODIES ?? '{}')).map(([k, v]) => [k, JSON.parse(v)]));
const app = Fastify();
app.get('/bare/:id', async (request, reply) => {
  const body = bodies[request.params.id];
  if (body === undefined) return reply.code(404).send();
  return body;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
