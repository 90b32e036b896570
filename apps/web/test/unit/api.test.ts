import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  ApiNetworkError,
  BROWSER_TIMEOUT_MS,
  createApiClient,
  MAX_RETRIES,
  retryDelay,
  SSR_TIMEOUT_MS,
} from '../../app/lib/api';
import { sentBeforeSignOut, signOutDone, signOutStarted } from '../../app/lib/session';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client policy', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the timeout and retry constants', () => {
    expect(BROWSER_TIMEOUT_MS).toBe(30_000);
    expect(SSR_TIMEOUT_MS).toBe(8_000);
    expect(MAX_RETRIES).toBe(6);
    expect([0, 1, 2, 3].map((n) => retryDelay(n, 100))).toEqual([100, 200, 400, 800]);
  });

  it('sends X-Requested-With and JSON, and returns the body', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(json({ ok: true }));
    const api = createApiClient({ fetch, timeoutMs: 1000 });
    await expect(api.post('/api/games_filter', { page: 1 })).resolves.toEqual({ ok: true });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/games_filter');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"page":1}');
  });

  it('retries network errors 6 times with exponential delay, then gives up', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('fetch failed'));
    const api = createApiClient({ fetch, timeoutMs: 1000, baseDelayMs: 100 });
    const outcome = api.get('/api/info/project').catch((e: unknown) => e);
    // Attempt 1 fails at once; each retry waits 100, 200, 400 ... ms.
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(400 + 800 + 1600 + 3200);
    expect(fetch).toHaveBeenCalledTimes(1 + 6);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect((error as ApiNetworkError).timedOut).toBe(false);
  });

  it('succeeds when a retry gets through', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValue(json([1, 2]));
    const api = createApiClient({ fetch, timeoutMs: 1000, baseDelayMs: 100 });
    const result = api.get('/api/games/providers');
    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toEqual([1, 2]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('treats a timeout like a network error (aborts the attempt, retries)', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const api = createApiClient({ fetch, timeoutMs: 8_000, baseDelayMs: 100, retries: 1 });
    const outcome = api.get('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(8_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect((error as ApiNetworkError).timedOut).toBe(true);
  });

  it('never retries an HTTP answer such as 4xx, and keeps its errors', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(json({ errors: { title: ['too_long'] } }, 422));
    const api = createApiClient({ fetch, timeoutMs: 1000 });
    const error = await api.post('/api/games_filter', {}).catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).errors).toEqual({ title: ['too_long'] });
  });

  it('reports a 401 with when its request was sent (the auth-error event in the browser)', async () => {
    const onUnauthorized = vi.fn();
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(json({ errors: { base: ['unauthorized'] } }, 401));
    const api = createApiClient({ fetch, timeoutMs: 1000, onUnauthorized });
    const before = performance.now();
    await expect(api.get('/api/player')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const sentAt = onUnauthorized.mock.calls[0]![0] as number;
    expect(sentAt).toBeGreaterThanOrEqual(before);
    expect(sentAt).toBeLessThanOrEqual(performance.now());
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks once for a GET two parts of the page ask in the same task, each getting its own copy', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(json([{ id: 1 }])));
    const api = createApiClient({ fetch, timeoutMs: 1000 });
    const [first, second] = await Promise.all([
      api.get<{ id: number }[]>('/api/tournaments'),
      api.get<{ id: number }[]>('/api/tournaments'),
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    first[0]!.id = 99;
    expect(second[0]!.id).toBe(1);
    // Asked again later (something may have changed): a new request.
    await vi.advanceTimersByTimeAsync(1);
    await api.get('/api/tournaments');
    expect(fetch).toHaveBeenCalledTimes(2);
    // Other paths and other methods are never shared.
    await Promise.all([
      api.get('/api/player'),
      api.get('/api/player/accounts'),
      api.post('/api/x', {}),
      api.post('/api/x', {}),
    ]);
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it('one caller giving up does not cancel a shared GET for the other; all giving up cancels it', async () => {
    let resolveFetch: (response: Response) => void = () => {};
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_input, init) =>
        new Promise<Response>((resolve, reject) => {
          resolveFetch = resolve;
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const api = createApiClient({ fetch, timeoutMs: 1000 });
    const leaving = new AbortController();
    const left = api.get('/api/player/favorite_games', { signal: leaving.signal }).catch((e: unknown) => e);
    const staying = api.get('/api/player/favorite_games', { signal: new AbortController().signal });
    leaving.abort();
    expect(((await left) as Error).name).toBe('AbortError');
    resolveFetch(json({ games: [] }));
    await expect(staying).resolves.toEqual({ games: [] });
    expect(fetch).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    const a = new AbortController();
    const b = new AbortController();
    const both = [a, b].map((c) =>
      api.get('/api/player/favorite_games', { signal: c.signal }).catch((e: unknown) => e),
    );
    a.abort();
    b.abort();
    await Promise.all(both);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1]?.signal?.aborted).toBe(true);
  });

  it('does not retry when the caller aborts', async () => {
    const controller = new AbortController();
    const fetch = vi.fn<typeof globalThis.fetch>(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const api = createApiClient({ fetch, timeoutMs: 1000 });
    const outcome = api.get('/api/games_filter', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await outcome;
    expect((error as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('validates with the schema when one is given', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(json({ n: 'x' }));
    const api = createApiClient({ fetch, timeoutMs: 1000 });
    const schema = {
      parse(input: unknown) {
        const n = (input as { n: unknown }).n;
        if (typeof n !== 'number') throw new Error('n must be a number');
        return { n };
      },
    };
    await expect(api.get('/api/x', { schema })).rejects.toThrow('n must be a number');
  });
});

describe('a 401 around a sign-out', () => {
  it("is no auth error for a request sent before the player's sign-out, or while it was on its way", () => {
    const before = performance.now() - 1;
    signOutStarted();
    expect(sentBeforeSignOut(before)).toBe(true);
    expect(sentBeforeSignOut(performance.now())).toBe(true); // still signing out
    signOutDone();
    expect(sentBeforeSignOut(before)).toBe(true);
    expect(sentBeforeSignOut(performance.now() + 1)).toBe(false);
  });
});
