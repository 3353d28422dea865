import { API_PREFIX, INLINED_REPLIES_ID } from '@tillpoint/contracts/api-paths';
import { isApiError } from '@tillpoint/contracts/notice';

/**
 * The one HTTP client of the web app. It never throws: every call resolves to a result that the
 * screen checks (`ok`) and hands to the notification helper, so failures are handled in one place.
 */
export type ApiResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; body: unknown; networkError?: string };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type CallOptions = {
  /** Sends this token instead of the session's (sign-in uses it before the session exists). */
  token?: string | null;
  signal?: AbortSignal;
  /** 'blob' reads a successful reply as a file (a QR code PNG, an image); failures stay notices. */
  as?: 'json' | 'blob';
};

let currentToken: string | null = null;
const unauthorizedListeners = new Set<() => void>();

/** The session hands its access token here; it lives in memory only. */
export function setAccessToken(token: string | null) {
  currentToken = token;
}

/** Called when a request that carried a token is refused with 401: the session has ended. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Replies the server wrote into the page it sent (a store's page: its first screen's calls, platform/
 * web-app.ts), by address. Each is taken once, by the first GET of its address while the page is
 * young; any later call asks the server.
 */
const INLINED_FRESH_MS = 30_000;
let inlined: Map<string, unknown> | undefined;
function takeInlined(url: string): { body: unknown } | undefined {
  if (!inlined) {
    inlined = new Map();
    const text = typeof document === 'undefined' ? null : document.getElementById(INLINED_REPLIES_ID)?.textContent;
    try {
      if (text) for (const [href, body] of Object.entries(JSON.parse(text) as Record<string, unknown>)) inlined.set(href, body);
    } catch {
      // An unreadable script is no reply: the calls go to the server.
    }
  }
  if (!inlined.has(url) || performance.now() > INLINED_FRESH_MS) return undefined;
  const body = inlined.get(url);
  inlined.delete(url);
  return { body };
}

/** A reply's body as the screens get it: a body with a notice type other than SUCCESS is an error even on 200 (spec 1 §7). */
function resultOf<T>(ok: boolean, status: number, parsed: unknown): ApiResult<T> {
  const refused = isApiError(parsed) && parsed.type !== 'SUCCESS';
  if (ok && !refused) return { ok: true, status, body: parsed as T };
  return { ok: false, status, body: parsed };
}

export async function request<T>(method: Method, path: string, body?: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
  if (method === 'GET' && options.as !== 'blob') {
    const kept = takeInlined(`${API_PREFIX}${path}`);
    if (kept) return resultOf<T>(true, 200, kept.body);
  }
  const token = options.token === undefined ? currentToken : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Fastify refuses a JSON content type with an empty body, so only bodies get one. A FormData
  // body (file uploads) sets its own multipart type with the boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    return { ok: false, status: 0, body: null, networkError: err instanceof Error ? err.message : String(err) };
  }
  // A JSON reply to a file request is a notice (a refusal on 200), so it goes the usual way.
  if (res.ok && options.as === 'blob' && !res.headers.get('content-type')?.includes('json')) {
    const file = await res.blob().catch(() => null);
    if (file) return { ok: true, status: res.status, body: file as T };
    return { ok: false, status: 0, body: null, networkError: 'the file could not be read' };
  }
  const parsed = await readBody(res).catch(() => null);
  if (res.status === 401 && token) for (const listener of unauthorizedListeners) listener();
  return resultOf<T>(res.ok, res.status, parsed);
}

export const api = {
  get: <T>(path: string, options?: CallOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown = {}, options?: CallOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body: unknown = {}, options?: CallOptions) => request<T>('PUT', path, body, options),
  del: <T>(path: string, options?: CallOptions) => request<T>('DELETE', path, undefined, options),
  /** A file from the server (GET without a body, POST/PUT with one); the reply body is a Blob. */
  file: (method: Method, path: string, body?: unknown, options?: CallOptions) => request<Blob>(method, path, body, { ...options, as: 'blob' }),
};
