import { createHmac } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, comment, createCircle, createUser, multipart, post, type TestUser } from '../helpers/fixtures.ts';

/**
 * Random requests at every endpoint the app documents (its OpenAPI document lists them all), plus media and
 * unknown paths: random methods, path parameters, queries, bodies, content types and tokens. Whatever is sent, the
 * answer is never a 5xx: a client's mistake is a 4xx with a message. 5,000 requests in all.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

type Operation = { path: string; method: string; fields: string[] };

let t: TestApp;
let operations: Operation[] = [];
let member: TestUser;
let staff: TestUser;
let ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>>;
  };
  operations = Object.entries(doc.paths)
    .flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        fields: Object.keys(Object.values(operation.requestBody?.content ?? {})[0]?.schema?.properties ?? {}),
      })),
    )
    // The live notification stream answers a signed-in GET for as long as the client stays, by design (its own
    // tests cover it); everything else must answer.
    .filter((operation) => !(operation.path === '/api/notifications/stream/' && operation.method === 'GET'));
  member = await createUser(t.app);
  staff = await createUser(t.app);
  await runAdminCommand(t.app.ctx.db, ['grant', 'admin', staff.username]);
  const open = await createCircle(t.app, member, 'Fuzz Open');
  const closed = await createCircle(t.app, staff, 'Fuzz Closed', { channelType: 'private' });
  await addMember(t.app, closed, member);
  const postId = await post(t.app, member, open, 'Fuzz post');
  const commentId = await comment(t.app, member, postId, 'Fuzz comment');
  ids = [open.id, closed.id, postId, commentId];
}, 60_000);
afterAll(() => t?.close());

const asText = (value: unknown) =>
  typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : (JSON.stringify(value) ?? '');

/** A JWT signed with the app's real key over any claims at all. */
function signed(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', t.config.jwtSecret).update(unsigned).digest('base64url')}`;
}

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, 1e308, ''),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '\u0000',
    '\ud800',
    '<script>alert(1)</script>',
    'a'.repeat(5000),
    'Fuzz Open',
    'approve',
    'spam',
    'post',
    'me@example.com',
  ),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 3 }),
);

const pathValue = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.constantFrom('0', '-1', '1.5', '99999999999999999999', 'null', '%00', '..', '%2e%2e', 'GR-ABCDEFGH', 'x'.repeat(300)),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

const query = fc.dictionary(
  fc.constantFrom('page', 'circle', 'q', 'post_id', 'status', 'month', 'key', 'kind', 'type', 'cursor', 'x'),
  fc.oneof(fc.string({ maxLength: 12 }), fc.nat({ max: 100 }).map(String), fc.constantFrom('last', '-1', '0', '1e9')),
  { maxKeys: 3 },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'text/plain',
  'application/xml',
  '',
);

/** One request: an operation of the app (or an unknown path or a media path), with everything else random. */
const request = fc.record({
  target: fc.oneof(
    { weight: 8, arbitrary: fc.nat({ max: 10_000 }).map((i) => ({ kind: 'operation' as const, index: i })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '/media/',
          '/media/x.png',
          '/media/private/x.png?expires=1&signature=a',
          '/api/',
          '/api/nope/',
          '/../etc/passwd',
          '/api/posts/1/extra/',
        )
        .map((path) => ({ kind: 'path' as const, path })),
    },
  ),
  keepMethod: fc.boolean(),
  method: fc.constantFrom(...METHODS),
  params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
  query,
  body: fc.oneof(
    fc.constant(undefined),
    fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 4 }),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      '{',
      '{"a":',
      'null',
      '[]',
      '"text"',
      '{"__proto__":{"x":1}}',
      '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--fuzz--\r\n',
    ),
  ),
  fieldValues: fc.array(anyValue, { minLength: 6, maxLength: 6 }),
  useFields: fc.boolean(),
  contentType,
  auth: fc.oneof(
    fc.constant('none'),
    fc.constant('member'),
    fc.constant('staff'),
    fc.constant('garbage'),
    fc.constant('Basic abc'),
    fc.constant('Bearer a b'),
    fc
      .dictionary(fc.constantFrom('token_type', 'exp', 'iat', 'jti', 'user_id', 'sid'), anyValue, { maxKeys: 6 })
      .map((claims) => ({ claims })),
  ),
  multipartFile: fc.boolean(),
});

describe('fuzzing every endpoint', () => {
  it(`answers no 5xx to ${RUNS} random requests`, async () => {
    const refusals: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const operation = r.target.kind === 'operation' ? operations[r.target.index % operations.length] : null;
        let params = 0;
        const path = operation
          ? operation.path.replace(/\{[^}]+\}/g, () =>
              r.params[params] === '1' ? String(ids[params % ids.length]) : r.params[params++ % 3],
            )
          : (r.target as { path: string }).path;
        const search = new URLSearchParams(r.query as Record<string, string>).toString();
        const url = `${path}${search && !path.includes('?') ? `?${search}` : ''}`;
        const method = operation && r.keepMethod ? operation.method : r.method;
        const headers: Record<string, string> = {};
        if (r.auth === 'member') headers.authorization = `Bearer ${member.access}`;
        else if (r.auth === 'staff') headers.authorization = `Bearer ${staff.access}`;
        else if (r.auth === 'garbage') headers.authorization = 'Bearer garbage';
        else if (typeof r.auth === 'string' && r.auth !== 'none') headers.authorization = r.auth;
        else if (typeof r.auth === 'object') headers.authorization = `Bearer ${signed(r.auth.claims)}`;
        let payload: string | Buffer | undefined;
        if (r.multipartFile && method !== 'GET' && method !== 'HEAD') {
          const form = await multipart([
            ...(operation?.fields ?? ['a']).map((field, i) => [field, asText(r.fieldValues[i % 6])] as [string, string]),
            ['images', { data: Buffer.from('not really an image'), filename: 'x.png', type: 'image/png' }],
          ]);
          payload = form.payload;
          Object.assign(headers, form.headers);
        } else if (r.body !== undefined && method !== 'GET' && method !== 'HEAD') {
          const body =
            r.useFields && operation?.fields.length && typeof r.body === 'object'
              ? Object.fromEntries(operation.fields.map((field, i) => [field, r.fieldValues[i % 6]]))
              : r.body;
          payload = typeof body === 'string' ? body : JSON.stringify(body);
          if (r.contentType) headers['content-type'] = r.contentType;
        }
        const res = await t.app.inject({ method: method as InjectOptions['method'], url, headers, payload });
        if (res.statusCode >= 500)
          refusals.push(
            `${method} ${url} ${JSON.stringify(headers)} ${asText(payload).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        expect(res.statusCode, `${method} ${url} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
    );
    expect(refusals).toEqual([]);
    // The 5,000 requests took about 30 s on a busy shared 2-core machine; the limit leaves room for a slower one.
  }, 240_000);
});
