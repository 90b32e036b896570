/**
 * The page's typed client for the platform API.
 * - timeout 30 s in the browser, 8 s during server rendering (per attempt);
 * - up to 6 retries with exponential delay on network errors and timeouts, never on an
 *   HTTP answer (a 4xx is the server's final word);
 * - a 401 fires the `orbit:auth-error` window event (the session is gone), unless its request
 *   was sent before the player's own sign-out (lib/session.ts);
 * - every call sends `X-Requested-With: XMLHttpRequest` (the API's CSRF defence rests on it);
 * - a response is validated with the contract schema when one is given: loaders always pass
 *   one, the browser may leave it out to keep zod out of the page's JavaScript;
 * - GETs of the same path asked in the same task share one request (two parts of a page wanting
 *   the same list cost one request); each caller gets its own copy and may still abort its own
 *   wait without cancelling the others'.
 */

import { AUTH_ERROR_EVENT } from './events';
import { parseLocalePath } from './locale';
import { sentBeforeSignOut } from './session';

export { AUTH_ERROR_EVENT };

export const BROWSER_TIMEOUT_MS = 30_000;
export const SSR_TIMEOUT_MS = 8_000;
export const MAX_RETRIES = 6;
export const RETRY_BASE_DELAY_MS = 250;

/** Anything with zod's `parse` (the schemas of packages/contracts). */
export type Parser<T> = { parse(input: unknown): T };

export type ErrorMap = Record<string, string[]>;

/** The server answered, with a status that is not 2xx. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly errors: ErrorMap = {},
  ) {
    super(`${status} from ${path}`);
    this.name = 'ApiError';
  }
}

/** No answer: the network failed or the attempt ran out of time, after every retry. */
export class ApiNetworkError extends Error {
  constructor(
    readonly path: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(`${timedOut ? 'timeout' : 'network error'} on ${path}`, options);
    this.name = 'ApiNetworkError';
  }
}

export type ClientOptions = {
  fetch: typeof fetch;
  timeoutMs: number;
  retries?: number;
  baseDelayMs?: number;
  /** Called on a 401 with when its request was sent (`performance.now()`): the browser client fires the auth-error event. */
  onUnauthorized?: (sentAt: number) => void;
  /** Waits between retries; tests pass fake timers' setTimeout through the default. */
  sleep?: (ms: number) => Promise<void>;
};

export type RequestOptions<T> = {
  schema?: Parser<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Delay before retry number `attempt` (0-based): base · 2^attempt. */
export function retryDelay(attempt: number, baseDelayMs = RETRY_BASE_DELAY_MS): number {
  return baseDelayMs * 2 ** attempt;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class TimeoutSignal extends Error {}

export type ApiClient = {
  get<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  /** `body`: some DELETEs carry one (turning two-factor off sends the current code). */
  delete<T>(path: string, options?: RequestOptions<T> & { body?: unknown }): Promise<T>;
};

export function createApiClient(config: ClientOptions): ApiClient {
  const retries = config.retries ?? MAX_RETRIES;
  const sleep = config.sleep ?? defaultSleep;

  /** One attempt with its own timeout; rejects with TimeoutSignal when the time runs out. */
  async function attempt(path: string, init: RequestInit, outer?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeoutMs);
    const forward = () => controller.abort();
    outer?.addEventListener('abort', forward);
    try {
      return await config.fetch(path, { ...init, signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new TimeoutSignal();
      throw error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  /** The GETs in flight, by path and headers: a caller in the same task waits for the first one's answer. */
  const inFlight = new Map<string, SharedGet>();

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions<T> = {}): Promise<T> {
    if (method !== 'GET') return parsed(await send(method, path, body, options.headers, options.signal), path, options);
    const key = `${path}\n${JSON.stringify(options.headers ?? {})}`;
    let shared = inFlight.get(key);
    if (!shared) {
      const controller = new AbortController();
      const started: SharedGet = {
        answer: send(method, path, undefined, options.headers, controller.signal),
        controller,
        waiting: 0,
      };
      shared = started;
      inFlight.set(key, started);
      // Shared only with callers asking in the same task (parts of one render): a GET asked later,
      // after something changed, must not be answered by a request sent before the change.
      const forget = () => {
        if (inFlight.get(key) === started) inFlight.delete(key);
      };
      setTimeout(forget, 0);
      started.answer.then(forget, forget);
    }
    const answer = await waitFor(shared, options.signal);
    return parsed({ ...answer, json: structuredClone(answer.json) }, path, options);
  }

  async function send(
    method: string,
    path: string,
    body: unknown,
    extraHeaders: Record<string, string> | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...extraHeaders,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    };

    const sentAt = performance.now();
    let response: Response | undefined;
    for (let n = 0; ; n++) {
      try {
        response = await attempt(path, init, signal);
        break;
      } catch (error) {
        // The caller gave up (navigation, unmount): no retry, pass the abort on.
        if (signal?.aborted) throw error;
        const timedOut = error instanceof TimeoutSignal;
        if (n >= retries) throw new ApiNetworkError(path, timedOut, { cause: error });
        await sleep(retryDelay(n, config.baseDelayMs));
      }
    }

    if (response.status === 401) config.onUnauthorized?.(sentAt);
    const text = await response.text();
    return { ok: response.ok, status: response.status, json: text ? safeJson(text) : undefined };
  }

  function parsed<T>(answer: Answer, path: string, options: RequestOptions<T>): T {
    if (!answer.ok) throw new ApiError(answer.status, path, errorMapOf(answer.json));
    return options.schema ? options.schema.parse(answer.json) : (answer.json as T);
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    delete: (path, options) => request('DELETE', path, options?.body, options),
  };
}

type Answer = { ok: boolean; status: number; json: unknown };

/** One GET shared by the callers of a task; it is cancelled only when every one of them gave up. */
type SharedGet = { answer: Promise<Answer>; controller: AbortController; waiting: number };

/** The shared answer, or an AbortError as soon as this caller's `signal` aborts. */
function waitFor(shared: SharedGet, signal: AbortSignal | undefined): Promise<Answer> {
  shared.waiting++;
  if (!signal) return shared.answer;
  const leave = () => {
    if (--shared.waiting === 0) shared.controller.abort();
  };
  if (signal.aborted) {
    leave();
    return Promise.reject(abortReason(signal));
  }
  return new Promise<Answer>((resolve, reject) => {
    const onAbort = () => {
      leave();
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorMapOf(json: unknown): ErrorMap {
  if (json && typeof json === 'object' && 'errors' in json) {
    const errors = (json as { errors: unknown }).errors;
    if (errors && typeof errors === 'object') return errors as ErrorMap;
  }
  return {};
}

/** The client loaders use: the server's in-process fetch, the shorter SSR timeout. */
export function serverApi(apiFetch: typeof fetch, locale?: string): ApiClient {
  // `locale`: the page's, sent as the `locale` header so that the server's texts (names,
  // descriptions) come in it (docs/localisation.md).
  const localised: typeof fetch = locale
    ? (input, init) => {
        const headers = new Headers(init?.headers);
        if (!headers.has('locale')) headers.set('locale', locale);
        return apiFetch(input, { ...init, headers });
      }
    : apiFetch;
  return createApiClient({ fetch: localised, timeoutMs: SSR_TIMEOUT_MS });
}

let browserClient: ApiClient | undefined;

/**
 * The client components use in the browser (window.fetch, 30 s, auth-error event on a 401 of a
 * request sent after the player's last sign-out).
 */
export function browserApi(): ApiClient {
  browserClient ??= createApiClient({
    // Every call names the page's locale (its path prefix): the server's texts come in it (docs/localisation.md).
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has('locale')) headers.set('locale', parseLocalePath(window.location?.pathname ?? '/').locale);
      return window.fetch(input, { ...init, headers });
    },
    timeoutMs: BROWSER_TIMEOUT_MS,
    onUnauthorized: (sentAt) => {
      if (!sentBeforeSignOut(sentAt)) window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
    },
  });
  return browserClient;
}
