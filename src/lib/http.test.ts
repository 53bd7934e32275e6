import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/test/msw-server';
import { apiUrl, errorResponse, TEST_CONFIG } from '@/test/handlers';
import {
  ApiError,
  createHttpClient,
  NETWORK_ERROR_MESSAGE,
  NO_TOKEN_MESSAGE,
  toApiErrorData,
  UNKNOWN_ERROR_MESSAGE,
} from './http';

function client(token: string | null = 'tok') {
  const onUnauthorized = vi.fn();
  const http = createHttpClient({
    getConfig: () => Promise.resolve(TEST_CONFIG),
    getToken: () => token,
    onUnauthorized,
  });
  return { http, onUnauthorized };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('http client', () => {
  it('when a call is made, then it carries the x-api-key, the Bearer token and JSON', async () => {
    let seen: Headers | null = null;
    let body: unknown = null;
    server.use(
      mswHttp.put(apiUrl('/things'), async ({ request }) => {
        seen = request.headers;
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { http } = client('abc');
    await expect(http.request('/things', { method: 'PUT', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    expect(seen!.get('x-api-key')).toBe(TEST_CONFIG.apiKey);
    expect(seen!.get('authorization')).toBe('Bearer abc');
    expect(seen!.get('content-type')).toBe('application/json');
    expect(body).toEqual({ a: 1 });
  });

  it('when the query has values, then they are in the address and empty ones are left out', async () => {
    let url = '';
    server.use(
      mswHttp.get(apiUrl('/list'), ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    await client().http.request('/list', { query: { page: 1, size: 100, search: undefined } });
    expect(new URL(url).search).toBe('?page=1&size=100');
  });

  it('when the server answers an error body, then ApiError keeps status, code, fields and wait', async () => {
    server.use(
      mswHttp.post(apiUrl('/users/login'), () =>
        errorResponse(429, 'ACCOUNT_LOCKED', 'Locked', { retry_after: 120 }),
      ),
    );
    const error = await caught(
      client(null).http.request('/users/login', { method: 'POST', body: {}, auth: false }),
    );
    expect(error.toData()).toEqual({
      status: 429,
      code: 'ACCOUNT_LOCKED',
      message: 'Locked',
      fields: [],
      retryAfter: 120,
    });
  });

  it('when there is no response, then the error is FETCH_ERROR with the SPEC network text', async () => {
    server.use(mswHttp.get(apiUrl('/down'), () => HttpResponse.error()));
    const error = await caught(client().http.request('/down'));
    expect(error.code).toBe('FETCH_ERROR');
    expect(error.message).toBe(
      'Network error. Please check your internet connection and try again.',
    );
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('when an authenticated call has no token, then it is refused before sending and login is asked for', async () => {
    const { http, onUnauthorized } = client(null);
    const error = await caught(http.request('/users/me'));
    expect(error.message).toBe('No token found, redirecting to login.');
    expect(error.message).toBe(NO_TOKEN_MESSAGE);
    expect(onUnauthorized).toHaveBeenCalledWith('no-token');
  });

  it('when an authenticated call answers 401, then onUnauthorized is called', async () => {
    server.use(mswHttp.get(apiUrl('/users/me'), () => errorResponse(401, 'SESSION_EXPIRED', 'x')));
    const { http, onUnauthorized } = client('old');
    const error = await caught(http.request('/users/me'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledWith('expired');
  });

  it('when a public call answers 401 (wrong password), then the session is left alone', async () => {
    server.use(
      mswHttp.post(apiUrl('/users/login'), () => errorResponse(401, 'INVALID_CREDENTIALS', 'x')),
    );
    const { http, onUnauthorized } = client(null);
    await caught(http.request('/users/login', { method: 'POST', body: {}, auth: false }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when the error body is not JSON, then the message is the unknown-error text', async () => {
    server.use(mswHttp.get(apiUrl('/odd'), () => new HttpResponse('<html>', { status: 502 })));
    const error = await caught(client().http.request('/odd'));
    expect(error.status).toBe(502);
    expect(error.message).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('when anything else is thrown, then it reads as an unknown error', () => {
    expect(toApiErrorData(new TypeError('boom')).message).toBe('An unknown error occurred');
  });

  it('when a form is sent, then it goes as multipart without a JSON content type', async () => {
    let type = '';
    server.use(
      mswHttp.post(apiUrl('/upload'), ({ request }) => {
        type = request.headers.get('content-type') ?? '';
        return HttpResponse.json({ ok: true });
      }),
    );
    const form = new FormData();
    form.append('name', 'x');
    await client().http.request('/upload', { method: 'POST', body: form });
    expect(type).toMatch(/^multipart\/form-data/);
  });
});
