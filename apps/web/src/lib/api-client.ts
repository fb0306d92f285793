import { HTTP_TIMEOUT_MS } from '@ray/shared/constants';
import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import { strings } from '../i18n/strings.ar';
import {
  clearCredentials,
  readAccessToken,
  readRefreshToken,
  readUserId,
  saveCredentials,
} from './credentials';
import { getRuntimeConfig } from './runtime-config';

/**
 * The one HTTP client of the app: it fetches, parses and throws `ApiError`. The only policy it holds is the
 * access-token refresh on a 401; what happens to the session and the page afterwards belongs to the app, which
 * registers its callbacks with `configureApiClient`.
 */

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: FieldErrors | undefined;
  /** False when the message is a local fallback because the response carried none (proxy pages, network). */
  readonly hasServerMessage: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { errors?: FieldErrors; hasServerMessage?: boolean } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = options.errors;
    this.hasServerMessage = options.hasServerMessage ?? false;
  }

  /** No HTTP answer at all: offline, DNS, CORS or timeout. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  fieldError(field: string): string | undefined {
    return this.errors?.[field]?.[0];
  }
}

export type ApiService = 'api' | 'identity';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as is when it is `FormData`. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Main API (default) or identity service; they may live on different hosts. */
  service?: ApiService;
  /** Attach the bearer token. Main-API calls do by default, identity calls only when asked. */
  auth?: boolean;
  /** Sends this exact token and never refreshes it (logout, after local credentials are already gone). */
  bearer?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** When the refresh fails, whether the app should also leave the page for /login (start-up checks stay put). */
  redirectOnAuthFailure?: boolean;
}

export interface SessionTokens {
  token: string;
  refreshToken: string | null;
  userId: string | null;
}

export interface ApiClientHooks {
  onTokensRefreshed?: (tokens: SessionTokens) => void;
  /** Credentials are already cleared from storage when this runs. */
  onAuthFailure?: (options: { redirect: boolean }) => void;
}

let hooks: ApiClientHooks = {};

/** How a request reaches the API: the browser's `fetch`, or the API in the same process when a page renders on the server. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function defaultMessage(status: number): string {
  if (status === 401) return msg.unauthorized;
  if (status === 403) return msg.forbidden;
  if (status === 404) return msg.notFound;
  if (status === 413) return msg.payloadTooLarge;
  if (status === 429) return msg.rateLimited;
  if (status === 503) return msg.serviceUnavailable;
  if (status >= 500) return msg.serverError;
  return msg.invalidData;
}

function defaultCode(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL';
  return 'BAD_REQUEST';
}

function parseFieldErrors(raw: unknown): FieldErrors | undefined {
  if (!isRecord(raw)) return undefined;
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(raw)) {
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string' && item.length > 0,
    );
    if (messages.length > 0) errors[field] = messages;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export function toApiError(status: number, payload: unknown): ApiError {
  const body = isRecord(payload) ? payload : {};
  const serverMessage =
    typeof body.message === 'string' && body.message.trim().length > 0 ? body.message : null;
  const errors = parseFieldErrors(body.errors);
  return new ApiError(
    status,
    typeof body.code === 'string' ? body.code : defaultCode(status),
    serverMessage ?? defaultMessage(status),
    {
      ...(errors ? { errors } : {}),
      hasServerMessage: serverMessage !== null,
    },
  );
}

function buildUrl(path: string, service: ApiService, query: RequestOptions['query']): string {
  const config = getRuntimeConfig();
  const base = service === 'identity' ? config.identityBaseUrl : config.apiBaseUrl;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const TIMEOUT = Symbol('timeout');

async function send(path: string, options: RequestOptions, token: string | null): Promise<unknown> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(TIMEOUT);
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const external = options.signal;
  const forwardAbort = () => {
    controller.abort(external?.reason);
  };
  if (external?.aborted) controller.abort(external.reason);
  else external?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let payload: unknown;
  try {
    response = await transport(buildUrl(path, options.service ?? 'api', options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: controller.signal,
    });
    payload = await readBody(response);
  } catch (error) {
    if (controller.signal.reason === TIMEOUT) throw new ApiError(0, 'TIMEOUT', strings.errors.timeout);
    // A caller that cancels (a query unmounting) gets its own abort reason back, as fetch would.
    if (external?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', strings.errors.network);
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', forwardAbort);
  }

  if (!response.ok) throw toApiError(response.status, payload);
  return payload;
}

/**
 * How a refresh ended: a new access token, the server refusing the session (it is over), or no answer the session
 * can be judged by (the network failed, the page is going away, the server is busy): the session may well still
 * be good, so nothing is cleared and a later request tries again.
 */
type RefreshOutcome = { token: string } | 'refused' | 'unreachable';

let refreshing: Promise<RefreshOutcome> | null = null;
let reportedFailure: Promise<RefreshOutcome> | null = null;

async function performRefresh(): Promise<RefreshOutcome> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) return 'refused';
  let answer: unknown;
  try {
    answer = await send(
      '/api/account/refresh-token',
      { method: 'POST', service: 'identity', body: { refreshToken } },
      null,
    );
  } catch (error) {
    return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429
      ? 'refused'
      : 'unreachable';
  }
  if (
    !isRecord(answer) ||
    answer.success !== true ||
    typeof answer.token !== 'string' ||
    answer.token.length === 0
  )
    return 'refused';
  const tokens: SessionTokens = {
    token: answer.token,
    refreshToken: typeof answer.refreshToken === 'string' ? answer.refreshToken : refreshToken,
    userId: typeof answer.userId === 'string' ? answer.userId : readUserId(),
  };
  saveCredentials(tokens);
  hooks.onTokensRefreshed?.(tokens);
  return { token: tokens.token };
}

/**
 * Every request that failed with a 401 while one refresh is under way waits on that same refresh, and a request
 * whose 401 arrives after another one already refreshed simply retries with the new token.
 */
function refreshAccessToken(staleToken: string): Promise<RefreshOutcome> {
  if (!refreshing) {
    const current = readAccessToken();
    if (current && current !== staleToken) return Promise.resolve({ token: current });
    refreshing = performRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

const tokenOf = (outcome: RefreshOutcome) => (typeof outcome === 'object' ? outcome.token : null);

/** Renews the access token now (sharing a refresh already under way); null when the session cannot be renewed. */
export async function renewAccessToken(): Promise<string | null> {
  return tokenOf(await (refreshing ?? refreshAccessToken(readAccessToken() ?? '')));
}

/**
 * What to do after a request sent with `staleToken` answered 401: the token to retry with, or null when the
 * session cannot be renewed now. Only a refresh the server refused ends the session here, reported to the app once
 * however many requests were waiting on it; a refresh that got no answer leaves the credentials for the next try.
 * Transports other than `fetch` (upload progress needs XMLHttpRequest) share it.
 */
export async function recoverFromUnauthorized(staleToken: string, redirect = true): Promise<string | null> {
  const cycle = refreshAccessToken(staleToken);
  const outcome = await cycle;
  if (outcome === 'refused' && reportedFailure !== cycle) {
    reportedFailure = cycle;
    clearCredentials();
    hooks.onAuthFailure?.({ redirect });
  }
  return tokenOf(outcome);
}

/** Absolute address of a path on its service's host. */
export function apiUrl(path: string, options: Pick<RequestOptions, 'service' | 'query'> = {}): string {
  return buildUrl(path, options.service ?? 'api', options.query);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const service = options.service ?? 'api';
  if (options.bearer !== undefined) return (await send(path, options, options.bearer)) as T;
  const token = (options.auth ?? service === 'api') ? readAccessToken() : null;
  try {
    return (await send(path, options, token)) as T;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || token === null) throw error;
    const fresh = await recoverFromUnauthorized(token, options.redirectOnAuthFailure ?? true);
    if (!fresh) throw error;
    return (await send(path, options, fresh)) as T;
  }
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

/** Main API (`/api/*`): bearer token attached when present. */
export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Identity service (`/api/account/*`): anonymous unless `auth: true`. */
export const identityApi = {
  get: <T>(path: string, options?: Options) =>
    apiRequest<T>(path, { ...options, service: 'identity', method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, service: 'identity', method: 'POST', body }),
  delete: <T>(path: string, options?: Options) =>
    apiRequest<T>(path, { ...options, service: 'identity', method: 'DELETE' }),
};
