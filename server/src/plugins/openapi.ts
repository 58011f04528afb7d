import Fastify, { type FastifyInstance, type FastifySchema, type HTTPMethods } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { onFirstUse } from '#server/lib/on-first-use.ts';

const DOCS_PREFIX = '/api/docs';

/** What the OpenAPI document needs of a route: the same objects the shop registered. */
interface DocumentedRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema: FastifySchema;
}

/** Hop-by-hop and length headers, which the shop's own answer sets for itself. */
const HEADERS_NOT_FORWARDED = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The docs as @fastify/swagger and its UI serve them, in an app of their own
 * that declares the shop's routes again, with the same schemas; it never runs
 * them, so its compilers do nothing.
 */
async function buildDocsApp(routes: readonly DocumentedRoute[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify();
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: {
      info: {
        title: 'Shop API',
        description:
          'The shop for customisable clothing. Every answer is `{ success, message?, result }`; failures carry `errors[]` per field.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
  });
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  const neverRun = () => {
    throw new Error("The docs app describes the shop's routes; it never runs them");
  };
  for (const route of routes) docs.route({ ...route, handler: neverRun });
  await docs.ready();
  return docs;
}

/**
 * OpenAPI generated from the contract's schemas, with its UI at /api/docs.
 * The shop records its routes as they are added; the first request under
 * /api/docs loads the docs' packages and builds their app, which answers it
 * and every later one (decision 078): a start loads neither.
 */
export function registerOpenApi(app: FastifyInstance): void {
  const routes: DocumentedRoute[] = [];
  // The document shows tagged routes only; HEAD routes, GET's twins, it leaves out.
  app.addHook('onRoute', ({ method, url, schema }) => {
    if (schema?.tags && method !== 'HEAD') routes.push({ method, url, schema });
  });
  const docsApp = onFirstUse(() => buildDocsApp(routes));
  app.route({
    method: ['GET', 'HEAD'],
    url: `${DOCS_PREFIX}*`,
    handler: async (request, reply) => {
      const answer = await (await docsApp()).inject({
        method: request.method as 'GET' | 'HEAD',
        url: request.url,
        headers: request.headers,
      });
      if (answer.statusCode === 404) return reply.callNotFound();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HEADERS_NOT_FORWARDED.has(name)) reply.header(name, value);
      }
      // An empty answer (a redirect, a HEAD) is sent as one, with no type of its own.
      return reply
        .code(answer.statusCode)
        .send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
    },
  });
}
