import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/server/services/accounts/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { signIn, type SignedIn } from '../helpers/sign-in.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const profileWith = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/profile/', headers: { authorization: `Bearer ${token}` } });

const INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const WRONG_TYPE = { detail: 'Token has wrong type', code: 'token_not_valid' };
const BLACKLISTED = { detail: 'Token is blacklisted', code: 'token_not_valid' };

function expect401(res: Awaited<ReturnType<typeof post>>, body: Record<string, string>) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual(body);
  expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
}

/** A token signed with the app's key whose lifetime is already over. */
function expiredAccess(userId: number) {
  return createTokenService({ db: t.app.ctx.db, secret: t.config.jwtSecret, accessSeconds: -10, refreshSeconds: -10 }).issuePair(userId);
}
const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).user_id as number;

describe('POST /api/token/verify/', () => {
  let me: SignedIn;
  beforeAll(async () => {
    me = await signIn(t);
  });

  it('answers 200 {} for a valid access or refresh token', async () => {
    for (const token of [me.access, me.refresh]) {
      const res = await post('/api/token/verify/', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
  });

  it('answers 401 token_not_valid for garbage, a forged signature and an expired token', async () => {
    const [header, payload] = me.access.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    const otherKey = createTokenService({ db: t.app.ctx.db, secret: 'another-key', accessSeconds: 60, refreshSeconds: 60 }).issueAccess(1);
    for (const token of ['garbage', 'a.b.c', forged, otherKey, expiredAccess(userIdOf(me.access)).access]) {
      expect401(await post('/api/token/verify/', { token }), INVALID);
    }
  });

  it('answers field errors like DRF for a missing, blank, null or non-text token', async () => {
    const cases: [unknown, unknown][] = [
      [undefined, { token: ['This field is required.'] }],
      [{}, { token: ['This field is required.'] }],
      [{ token: '' }, { token: ['This field may not be blank.'] }],
      [{ token: '   ' }, { token: ['This field may not be blank.'] }],
      [{ token: null }, { token: ['This field may not be null.'] }],
      [{ token: ['x'] }, { token: ['Not a valid string.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await post('/api/token/verify/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    }
  });

  it('answers 405 for GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/token/verify/' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('POST');
  });
});

describe('POST /api/token/refresh/', () => {
  let me: SignedIn;
  beforeAll(async () => {
    me = await signIn(t);
  });

  it('answers 200 {access, refresh} with a working access token (the refresh token rotates)', async () => {
    const res = await post('/api/token/refresh/', { refresh: me.refresh });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['access', 'refresh']);
    const access = res.json().access as string;
    expect(userIdOf(access)).toBe(userIdOf(me.access));
    expect((await profileWith(access)).statusCode).toBe(200);
  });

  it('refuses an access token (wrong type), garbage and an expired refresh token', async () => {
    expect401(await post('/api/token/refresh/', { refresh: me.access }), WRONG_TYPE);
    expect401(await post('/api/token/refresh/', { refresh: 'garbage' }), INVALID);
    expect401(await post('/api/token/refresh/', { refresh: expiredAccess(userIdOf(me.access)).refresh }), INVALID);
  });

  it('names the missing or blank field', async () => {
    const missing = await post('/api/token/refresh/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required.'] });
    expect((await post('/api/token/refresh/', { refresh: '' })).json()).toEqual({ refresh: ['This field may not be blank.'] });
  });
});

describe('POST /api/token/blacklist/', () => {
  it('blacklists the access token the spec client sends as {token}; it is then refused everywhere', async () => {
    const me = await signIn(t);
    const res = await post('/api/token/blacklist/', { token: me.access });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect401(await post('/api/token/verify/', { token: me.access }), BLACKLISTED);
    const profile = await profileWith(me.access);
    expect(profile.statusCode).toBe(401);
    expect(profile.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(profile.json()).toMatchObject({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
      messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is blacklisted' }],
    });
    expect401(await post('/api/token/blacklist/', { token: me.access }), BLACKLISTED);
    // The refresh token was not given, so it still works.
    expect((await post('/api/token/refresh/', { refresh: me.refresh })).statusCode).toBe(200);
  });

  it('blacklists a refresh token given as {refresh} (simplejwt) or {token}; refresh then refuses it', async () => {
    for (const field of ['refresh', 'token']) {
      const me = await signIn(t);
      expect((await post('/api/token/blacklist/', { [field]: me.refresh })).statusCode).toBe(200);
      expect401(await post('/api/token/refresh/', { refresh: me.refresh }), BLACKLISTED);
      expect401(await post('/api/token/verify/', { token: me.refresh }), BLACKLISTED);
      // The refresh token ends its whole session: the access token minted with it is refused at once, too.
      expect((await profileWith(me.access)).statusCode).toBe(401);
    }
  });

  it('blacklists both tokens of a logout at once', async () => {
    const me = await signIn(t);
    const res = await post('/api/token/blacklist/', { token: me.access, refresh: me.refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await profileWith(me.access)).statusCode).toBe(401);
    expect401(await post('/api/token/refresh/', { refresh: me.refresh }), BLACKLISTED);
  });

  it('still blacklists the valid token when the other one given is expired, and says 401', async () => {
    const me = await signIn(t);
    const expired = expiredAccess(userIdOf(me.access)).access;
    expect401(await post('/api/token/blacklist/', { token: expired, refresh: me.refresh }), INVALID);
    expect401(await post('/api/token/refresh/', { refresh: me.refresh }), BLACKLISTED);
  });

  it('refuses an access token given as {refresh}, garbage, and a request with neither field', async () => {
    const me = await signIn(t);
    expect401(await post('/api/token/blacklist/', { refresh: me.access }), WRONG_TYPE);
    expect401(await post('/api/token/blacklist/', { token: 'garbage' }), INVALID);
    const none = await post('/api/token/blacklist/', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ refresh: ['This field is required.'] });
    expect((await post('/api/token/blacklist/', { token: '' })).json()).toEqual({ token: ['This field may not be blank.'] });
    // Nothing valid was blacklisted by those.
    expect((await profileWith(me.access)).statusCode).toBe(200);
  });
});

describe('authenticated calls', () => {
  it('answer 401 without credentials, with WWW-Authenticate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/profile/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
  });

  it('answer 401 before reading the body, as DRF authenticates first', async () => {
    const bodies = [
      { 'content-type': 'application/json', payload: '{"circle": ' },
      { 'content-type': 'text/plain', payload: 'hello' },
      { 'content-type': 'application/json', payload: '[1]' },
    ];
    for (const url of ['/api/posts/', '/api/circles/', '/api/posts/comments/', '/api/circles/join-by-name/']) {
      for (const { payload, ...headers } of bodies) {
        const res = await t.app.inject({ method: 'POST', url, headers, payload });
        expect(res.statusCode, `${url} ${headers['content-type']}`).toBe(401);
        expect(res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
      }
    }
  });

  it('answer 401 for a bad bearer token and for a refresh token used as access', async () => {
    const me = await signIn(t);
    for (const token of ['garbage', me.refresh]) {
      const res = await profileWith(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: 'Given token not valid for any token type', code: 'token_not_valid' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
  });
});

describe('sessions: logout and refresh rotation', () => {
  it('a logout ends every access token of the session at once, those minted by refreshes included', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    const refreshed = (await post('/api/token/refresh/', { refresh: me.refresh })).json() as { access: string; refresh: string };
    expect((await profileWith(me.access)).statusCode).toBe(200);
    expect((await profileWith(refreshed.access)).statusCode).toBe(200);
    // The client's logout: the access token it holds and the latest refresh token.
    expect((await post('/api/token/blacklist/', { token: refreshed.access, refresh: refreshed.refresh })).statusCode).toBe(200);
    expect((await profileWith(me.access)).statusCode).toBe(401);
    expect401(await post('/api/token/verify/', { token: me.access }), BLACKLISTED);
    expect401(await post('/api/token/refresh/', { refresh: refreshed.refresh }), BLACKLISTED);
    // Another sign-in of anyone (the same person on another device too) is another session and goes on.
    expect((await profileWith(other.access)).statusCode).toBe(200);
  });

  it('rotates the refresh token: the used one is blacklisted, the new one works once', async () => {
    const me = await signIn(t);
    const first = (await post('/api/token/refresh/', { refresh: me.refresh })).json() as { access: string; refresh: string };
    expect(first.refresh).not.toBe(me.refresh);
    const second = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(second.statusCode).toBe(200);
    expect((await profileWith(second.json().access)).statusCode).toBe(200);
  });

  it('a rotated refresh token used again revokes the whole session (someone else holds a copy)', async () => {
    const me = await signIn(t);
    const rotated = (await post('/api/token/refresh/', { refresh: me.refresh })).json() as { access: string; refresh: string };
    expect401(await post('/api/token/refresh/', { refresh: me.refresh }), BLACKLISTED);
    expect((await profileWith(rotated.access)).statusCode).toBe(401);
    expect401(await post('/api/token/refresh/', { refresh: rotated.refresh }), BLACKLISTED);
  });

  it('two refreshes with one token at the same moment: one gets the new pair, the other is a reuse', async () => {
    const me = await signIn(t);
    const answers = await Promise.all([
      post('/api/token/refresh/', { refresh: me.refresh }),
      post('/api/token/refresh/', { refresh: me.refresh }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers 401, never 500, for tokens signed with the real key whose claims are malformed', async () => {
    const fc = await import('fast-check');
    // Signed by hand: a JWT library refuses to sign most of these claims in the first place.
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const sign = (claims: Record<string, unknown>) => {
      const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
      return `${unsigned}.${createHmac('sha256', t.config.jwtSecret).update(unsigned).digest('base64url')}`;
    };
    const future = Math.floor(Date.now() / 1000) + 3600;
    const odd = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double(),
      fc.constantFrom(1.5, -1, 0, 2 ** 31, 2 ** 53, Number.MAX_VALUE, 1e308),
      fc.string({ maxLength: 40 }),
      fc.string({ minLength: 200, maxLength: 300 }),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
    );
    const claims = fc.record(
      {
        token_type: fc.oneof(fc.constantFrom('access', 'refresh'), odd),
        exp: fc.oneof(fc.constant(future), odd),
        iat: odd,
        jti: fc.oneof(fc.constant('0123456789abcdef0123456789abcdef'), odd),
        user_id: fc.oneof(fc.constant(1), odd),
        sid: odd,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(claims, async (payload) => {
        const clean = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
        const token = sign(clean);
        for (const res of [
          await profileWith(token),
          await post('/api/token/verify/', { token }),
          await post('/api/token/refresh/', { refresh: token }),
          await post('/api/token/blacklist/', { token }),
        ]) {
          expect(res.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 150 },
    );
    // The shapes that used to reach the database: a fractional, a huge and a textual user id.
    for (const user_id of [1.5, 2 ** 53, '1']) {
      const token = sign({ token_type: 'access', exp: future, iat: future - 60, jti: 'abc', user_id });
      expect((await profileWith(token)).statusCode).toBe(401);
    }
  });
});
