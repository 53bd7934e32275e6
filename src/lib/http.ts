/**
 * The one HTTP client of the SPA (DESIGN `lib/http`): base URL and x-api-key from the runtime
 * config, Bearer token, JSON or multipart bodies, and one ApiError carrying SPEC §8 wording.
 * It never imports the store: the app passes `getToken` and `onUnauthorized`.
 */
import type { RuntimeConfig } from '@contract/runtime-config';
import type { ApiErrorBody } from '@contract/errors';
import type { ServerSentEvent } from './event-stream';

export const NO_TOKEN_MESSAGE = 'No token found, redirecting to login.';
export const NETWORK_ERROR_MESSAGE =
  'Network error. Please check your internet connection and try again.';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** Codes the client itself produces (the server's codes are in contract/errors.ts). */
export const CLIENT_ERROR_CODES = {
  fetch: 'FETCH_ERROR',
  noToken: 'NO_TOKEN',
  unknown: 'UNKNOWN_ERROR',
  aborted: 'ABORTED',
} as const;

export interface FieldError {
  path: string;
  message: string;
}

/** Plain, serialisable form of an API error (what RTK Query keeps in the store). */
export interface ApiErrorData {
  status: number;
  code: string;
  message: string;
  fields: FieldError[];
  retryAfter: number | null;
}

export class ApiError extends Error implements ApiErrorData {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[];
  readonly retryAfter: number | null;
  /**
   * The answer's whole body, for a caller that reads more of it than the error's own fields
   * (a refused upload's items with their codes); not part of the serialisable data.
   */
  readonly body: unknown;

  constructor(data: Partial<ApiErrorData> & { message: string }, body?: unknown) {
    super(data.message);
    this.name = 'ApiError';
    this.status = data.status ?? 0;
    this.code = data.code ?? CLIENT_ERROR_CODES.unknown;
    this.fields = data.fields ?? [];
    this.retryAfter = data.retryAfter ?? null;
    this.body = body;
  }

  toData(): ApiErrorData {
    const { status, code, message, fields, retryAfter } = this;
    return { status, code, message, fields, retryAfter };
  }
}

/** Anything thrown by a call, as ApiErrorData (SPEC §8: otherwise 'An unknown error occurred'). */
export function toApiErrorData(error: unknown): ApiErrorData {
  if (error instanceof ApiError) return error.toData();
  if (isApiErrorData(error)) return error;
  return new ApiError({ message: UNKNOWN_ERROR_MESSAGE }).toData();
}

export function isApiErrorData(value: unknown): value is ApiErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string'
  );
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Plain values are sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  /** Whether the call needs the Bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob' | 'text';
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a draft kept as the tab closes), as fetch's own option. */
  keepalive?: boolean;
  /**
   * Asks for Server-Sent Events (`Accept: text/event-stream`). When the server streams, each event
   * is passed here as it arrives and the call resolves with null at the end of the stream; a
   * server that answers JSON instead resolves with that body as usual.
   */
  onEvent?: (event: ServerSentEvent) => void;
}

export interface UploadOptions {
  query?: Record<string, QueryValue>;
  method?: 'POST' | 'PUT';
  signal?: AbortSignal;
  /** Percentage 0–100 (SPEC §4 upload progress). */
  onProgress?: (percent: number) => void;
}

type UnauthorizedReason = 'expired' | 'no-token';

interface HttpClientDeps {
  getConfig: () => Promise<RuntimeConfig>;
  getToken: () => string | null;
  /** A 401 on an authenticated call, or such a call without a token (SPEC §8). */
  onUnauthorized: (reason: UnauthorizedReason) => void;
}

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
}

function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(base.replace(/\/+$/, '') + path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  return url.toString();
}

/** Turns a non-2xx answer into an ApiError, keeping the server's code, fields and wait time. */
function errorFromResponse(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) return fromBody(status, body);
  const message =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : UNKNOWN_ERROR_MESSAGE;
  return new ApiError({ status, message, code: statusCode(status) });
}

/**
 * The contract's `apiErrorBodySchema`, checked by hand so that zod stays out of the first
 * download (every screen, /login included, loads this client).
 */
function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  if (typeof b.message !== 'string' || typeof b.code !== 'string') return false;
  if (b.retry_after !== undefined && typeof b.retry_after !== 'number') return false;
  if (b.fields === undefined) return true;
  return (
    Array.isArray(b.fields) &&
    b.fields.every(
      (f: unknown) =>
        typeof f === 'object' &&
        f !== null &&
        typeof (f as Record<string, unknown>).path === 'string' &&
        typeof (f as Record<string, unknown>).message === 'string',
    )
  );
}

function fromBody(status: number, body: ApiErrorBody): ApiError {
  return new ApiError(
    {
      status,
      code: body.code,
      message: body.message,
      fields: body.fields ?? [],
      retryAfter: body.retry_after ?? null,
    },
    body,
  );
}

function statusCode(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 500) return 'INTERNAL_ERROR';
  return CLIENT_ERROR_CODES.unknown;
}

export function parseText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  function authHeaders(auth: boolean): Record<string, string> {
    if (!auth) return {};
    const token = deps.getToken();
    if (!token) {
      deps.onUnauthorized('no-token');
      throw new ApiError({
        status: 401,
        code: CLIENT_ERROR_CODES.noToken,
        message: NO_TOKEN_MESSAGE,
      });
    }
    return { authorization: `Bearer ${token}` };
  }

  function failed(status: number, body: unknown, auth: boolean): ApiError {
    if (status === 401 && auth) deps.onUnauthorized('expired');
    return errorFromResponse(status, body);
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', query, body, auth = true, signal, responseType = 'json' } = options;
    const config = await deps.getConfig();
    const headers: Record<string, string> = {
      accept: options.onEvent ? 'text/event-stream' : 'application/json',
      'x-api-key': config.apiKey,
      ...authHeaders(auth),
      ...options.headers,
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    let res: Response;
    try {
      res = await fetch(buildUrl(config.apiBaseUrl, path, query), {
        method,
        headers,
        body: payload,
        signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError')
        throw new ApiError({ code: CLIENT_ERROR_CODES.aborted, message: error.message });
      throw new ApiError({ code: CLIENT_ERROR_CODES.fetch, message: NETWORK_ERROR_MESSAGE });
    }

    if (!res.ok) throw failed(res.status, parseText(await res.text()), auth);
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (options.onEvent && res.body && type.startsWith('text/event-stream')) {
      // Only the chat streams: the parser loads then, not with every screen's first download.
      const { readEventStream } = await import('./event-stream');
      await readEventStream(res.body, options.onEvent).catch((error: unknown) => {
        if (error instanceof ApiError) throw error;
        if (signal?.aborted)
          throw new ApiError({ code: CLIENT_ERROR_CODES.aborted, message: 'Aborted' });
        throw new ApiError({ code: CLIENT_ERROR_CODES.fetch, message: NETWORK_ERROR_MESSAGE });
      });
      return null as T;
    }
    if (responseType === 'blob') return (await res.blob()) as T;
    const text = await res.text();
    return (responseType === 'text' ? text : parseText(text)) as T;
  }

  /**
   * Multipart upload with progress (http-upload.ts, loaded with the first upload: the sign-in
   * screen's download does not carry it).
   */
  async function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    const config = await deps.getConfig();
    const headers = {
      accept: 'application/json',
      'x-api-key': config.apiKey,
      ...authHeaders(true),
    };
    const { sendWithProgress } = await import('./http-upload');
    const url = buildUrl(config.apiBaseUrl, path, options.query);
    const answer = await sendWithProgress(url, headers, form, options);
    if (answer.ok) return answer.body as T;
    throw failed(answer.status, answer.body, true);
  }

  return { request, upload };
}
