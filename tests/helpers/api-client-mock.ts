/**
 * The one stand-in for the API client in store tests: cookies, ApiError and errorMessage are the real ones; only
 * the network call is replaced, by `apiMock`, which each test answers. A store test's (hoisted) preamble is:
 *
 *   vi.mock('<src>/lib/api-client.ts', () => import('<tests>/helpers/api-client-mock.ts'));
 *   const { apiMock, ApiError } = await import('<tests>/helpers/api-client-mock.ts');
 */
import { vi } from 'vitest';

type ApiClient = typeof import('../../src/lib/browser/api-client.ts');
const actual = await vi.importActual<ApiClient>('../../src/lib/browser/api-client.ts');

export const {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  API_BASE,
  ApiError,
  errorMessage,
  getAccessToken,
  getRefreshToken,
  storeTokens,
  clearTokens,
} = actual;
export const api = vi.fn<ApiClient['api']>();
export const apiMock = api;
