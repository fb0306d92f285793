import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from './test/test-app';

/**
 * Random, malformed and oversized requests against every route of the OpenAPI description, anonymous and signed
 * in: none may answer 5xx, and the server must still be healthy afterwards.
 */

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  hasBody: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

const RUNS = 5_000;
/** Routes that end the signed-in session they are called with; fuzzed anonymously only. */
const SESSION_ENDING = new Set(['POST /api/account/logout']);

let t: TestApp;
let user: TestUser;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10000000', MAX_IN_FLIGHT: '100000' });
  user = await registerUser(t.app);
  const document = t.app.swagger() as unknown as OpenApiDocument;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(json?.properties ?? {}),
        hasBody: operation.requestBody !== undefined,
      };
    }),
  );
}, 60_000);

afterAll(async () => {
  await t.close();
});

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e308',
  'NaN',
  'null',
  'true',
  '999999999999999999999999',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'ـ',
  '٣٤',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(5_000),
);

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), nasty);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 30 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant('x'.repeat(200_000)),
);

function requestFor(operation: Operation) {
  const params = fc.record(Object.fromEntries(operation.pathParams.map((name) => [name, text])));
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom(...operation.queryParams, 'cursor', 'page', 'x'), fc.string({ maxLength: 8 })),
    fc.oneof(text, fc.array(text, { maxLength: 3 })),
    { maxKeys: 5 },
  );
  const fields = [...operation.bodyFields, 'id', 'userId', 'role', 'isOwner', '__proto__', 'constructor'];
  const body = fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 6 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'not json', '\u0000', '{"__proto__":{"x":1}}'),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json',
    'text/plain',
    'multipart/form-data; boundary=fuzz',
    'application/x-www-form-urlencoded',
    undefined,
  );
  return fc.record({ params, query, body, contentType, signedIn: fc.boolean() });
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

describe('fuzzing every route', () => {
  it(`answers ${RUNS} random requests without a single 5xx`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const arbitrary = fc
      .nat({ max: operations.length - 1 })
      .chain((index) =>
        requestFor(operations[index]!).map((request) => ({ operation: operations[index]!, request })),
      );

    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ operation, request }) => {
        const signedIn = request.signedIn && !SESSION_ENDING.has(`${operation.method} ${operation.path}`);
        const headers: Record<string, string> = signedIn ? { ...bearer(user.token) } : {};
        let payload: InjectOptions['payload'];
        if (operation.method !== 'GET' && request.body !== undefined) {
          payload = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
          if (request.contentType) headers['content-type'] = request.contentType;
        }
        const response = await t.app.inject({
          method: operation.method as InjectOptions['method'],
          url: fillPath(operation.path, request.params),
          query: request.query,
          headers,
          ...(payload === undefined ? {} : { payload }),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          failures.push(
            `${operation.method} ${operation.path} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
          return false;
        }
        return true;
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(failures).toEqual([]);
    // Not everything bounces off validation: a good share of the requests reaches the handlers.
    const ok = [...statuses].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
    expect(ok).toBeGreaterThan(RUNS / 20);

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(user.token) });
    expect(me.statusCode).toBe(200);
  }, 600_000);

  it('covers every documented route', () => {
    const covered = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    for (const route of ['GET /api/posts/paginated', 'POST /api/votes/', 'POST /api/account/login']) {
      expect(covered).toContain(route);
    }
    expect(covered.size).toBeGreaterThan(50);
  });
});

describe('text the database cannot store', () => {
  it('answers 400, not 500, for a NUL or a lone surrogate that only appears once a field is decoded', async () => {
    for (const pollOptions of ['["a\\u0000b","c"]', ['a\ud800b', 'c'], '["a\\ud800b","c"]']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: bearer(user.token),
        payload: { content: 'استطلاع بخيارات غير صالحة', votingType: 'poll', pollOptions },
      });
      expect(response.statusCode, JSON.stringify(pollOptions)).toBe(400);
    }
  });
});
