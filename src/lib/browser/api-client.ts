import { ofetch, FetchError, type FetchOptions } from 'ofetch';
import Cookies from 'js-cookie';
import { isOffline, OFFLINE_READ_MESSAGE, OFFLINE_WRITE_MESSAGE } from './offline.ts';
import { chosenLang } from './language.ts';
import { translator } from '../i18n.ts';

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

/**
 * Runs a call; a failed fetch becomes one ApiError (a 403 consent_required also opens the notice). Without a
 * connection the message says so in words, and for a write that what was typed is still there.
 */
async function asApiError<T>(call: () => Promise<T>, method = 'GET'): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FetchError) {
      const status = error.response?.status ?? 0;
      announceConsentRequired(status, error.data);
      if (status === 0 && isOffline())
        throw new ApiError(
          translator(chosenLang())(method.toUpperCase() === 'GET' ? OFFLINE_READ_MESSAGE : OFFLINE_WRITE_MESSAGE),
          0,
          null,
        );
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
  return asApiError(async () => (await raw<T>(path, options as FetchOptions<'json'>)) as T, options.method);
}

/** Like `api()`, and also gives the status, for the calls whose 200 and 201 mean different things. */
export async function apiWithStatus<T = unknown>(path: string, options: RequestOptions = {}): Promise<{ status: number; data: T }> {
  return asApiError(async () => {
    const response = await raw.raw<T>(path, options as FetchOptions<'json'>);
    return { status: response.status, data: response._data as T };
  }, options.method);
}

/** How far an upload has gone: bytes sent of the whole body. */
export type UploadProgress = { loaded: number; total: number };

/** Thrown when the member cancels an upload: nothing to report, the form stays as it was. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/** Said when the connection drops during an upload and the server's own answer never arrives (a catalog key). */
export const UPLOAD_NETWORK_ERROR = 'media.uploadStopped';

/**
 * Sends a multipart form with the access token and reports the bytes sent as they go: fetch cannot tell upload
 * progress, so this one call uses XMLHttpRequest. An `AbortSignal` cancels it (UploadCancelled); a refusal becomes
 * the same ApiError as `api()` throws, with the server's message.
 */
export function uploadForm<T = unknown>(
  path: string,
  form: FormData,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new UploadCancelled());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.responseType = 'text';
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => report({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 }));
    }
    xhr.addEventListener('load', () => {
      done();
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      announceConsentRequired(xhr.status, data);
      reject(new ApiError(errorMessage(data, xhr.statusText || `Request failed with status ${xhr.status}`), xhr.status, data));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new UploadCancelled());
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(translator(chosenLang())(isOffline() ? OFFLINE_WRITE_MESSAGE : UPLOAD_NETWORK_ERROR), 0, null));
    });
    xhr.send(form);
  });
}
