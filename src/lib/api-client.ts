import { ofetch, FetchError, type FetchOptions } from 'ofetch';
import Cookies from 'js-cookie';
import { chosenLang } from '../stores/lang.store.ts';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

/** Empty means same origin: the site and the API are served by one process. */
export const API_BASE: string = (import.meta.env?.PUBLIC_API_BASE as string | undefined) ?? '';

/** One error type for every failed call; `message` is what a screen may show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's `detail`, else the first field message, else the fallback. */
export function errorMessage(data: unknown, fallback: string): string {
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    for (const value of Object.values(record)) {
      if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
      if (typeof value === 'string') return value;
    }
  }
  return fallback;
}

export const getAccessToken = () => Cookies.get(ACCESS_COOKIE);
export const getRefreshToken = () => Cookies.get(REFRESH_COOKIE);

export function storeTokens(tokens: { access: string; refresh?: string }) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  Cookies.set(ACCESS_COOKIE, tokens.access, { path: '/', sameSite: 'Lax', secure, expires: 7 });
  if (tokens.refresh) Cookies.set(REFRESH_COOKIE, tokens.refresh, { path: '/', sameSite: 'Lax', secure, expires: 7 });
}

export function clearTokens() {
  Cookies.remove(ACCESS_COOKIE, { path: '/' });
  Cookies.remove(REFRESH_COOKIE, { path: '/' });
}

const raw = ofetch.create({
  baseURL: API_BASE,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    const token = getAccessToken();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    // The server words its error messages in the visitor's language.
    if (!headers.has('Accept-Language')) headers.set('Accept-Language', chosenLang());
    options.headers = headers;
  },
});

/** Fired on a 403 `consent_required` (the privacy notice is not agreed to yet): the login modal shows the notice. */
export const CONSENT_REQUIRED_EVENT = 'bsq:consent-required';

function announceConsentRequired(status: number, data: unknown) {
  if (status !== 403 || typeof window === 'undefined' || (data as { code?: unknown } | undefined)?.code !== 'consent_required') return;
  window.dispatchEvent(new CustomEvent(CONSENT_REQUIRED_EVENT));
}

type RequestOptions = Omit<FetchOptions<'json'>, 'body'> & { body?: unknown; method?: string };

/** Runs a call; a failed fetch becomes one ApiError (a 403 consent_required also opens the notice). */
async function asApiError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FetchError) {
      const status = error.response?.status ?? 0;
      announceConsentRequired(status, error.data);
      throw new ApiError(errorMessage(error.data, error.message), status, error.data);
    }
    throw error;
  }
}

/**
 * Calls the API with the access token from the cookie. Every failure becomes an ApiError;
 * network failures have status 0.
 */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return asApiError(async () => (await raw<T>(path, options as FetchOptions<'json'>)) as T);
}

/** Like `api()`, and also gives the status, for the calls whose 200 and 201 mean different things. */
export async function apiWithStatus<T = unknown>(path: string, options: RequestOptions = {}): Promise<{ status: number; data: T }> {
  return asApiError(async () => {
    const response = await raw.raw<T>(path, options as FetchOptions<'json'>);
    return { status: response.status, data: response._data as T };
  });
}
