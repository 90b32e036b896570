/**
 * The studio's client of the provider wallet protocol (docs/provider-protocol.md): every call is
 * a POST of a JSON body to `${walletUrl}/${action}`, signed with HMAC-SHA256(wallet secret, raw
 * body) in `X-Request-Sign`. A call that times out or answers 5xx is sent again with the same
 * bytes (so the same `transaction_id`): the platform's idempotency makes that safe.
 */
import { createHmac } from 'node:crypto';
import {
  WALLET_ERROR_CODES,
  WALLET_SIGNATURE_HEADER,
  walletAuthenticateResponseSchema,
  walletBalanceResponseSchema,
  walletErrorResponseSchema,
  walletMoveResponseSchema,
  walletFreespinResponseSchema,
  type WalletAction,
  type WalletErrorCode,
} from '@orbit/contracts';
import type { z } from 'zod';

/** The subset of `fetch` the studio needs (the casino may pass its own, e.g. an in-process one). */
export type StudioFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export type WalletRetryOptions = {
  /** Attempts per call before giving up (default 3). */
  attempts: number;
  /** Time limit of one attempt (default 4 s). */
  timeoutMs: number;
  /** Wait before the second attempt, doubled for each further one (default 200 ms). */
  backoffMs: number;
};

/** What a wallet call came to. */
export type WalletResult<T> =
  | { ok: true; data: T }
  /** The platform answered with a refusal: nothing moved (or, for a repeat, the first answer's refusal). */
  | {
      ok: false;
      kind: 'refused';
      code: WalletErrorCode;
      status: number;
      balance_cents?: number;
      currency?: string;
      /** `bonus_max_bet`: the stake cap in force now (null: none any more). */
      max_bet_cents?: number | null;
    }
  /** No usable answer after every attempt (timeouts, 5xx, garbage): the call's effect is unknown. */
  | { ok: false; kind: 'unavailable'; reason: string };

export const ANSWER_SCHEMAS = {
  authenticate: walletAuthenticateResponseSchema,
  balance: walletBalanceResponseSchema,
  bet: walletMoveResponseSchema,
  win: walletMoveResponseSchema,
  rollback: walletMoveResponseSchema,
  freespin: walletFreespinResponseSchema,
} as const satisfies Record<WalletAction, z.ZodType>;
export type WalletAnswer<A extends WalletAction> = z.infer<(typeof ANSWER_SCHEMAS)[A]>;

/** `X-Request-Sign`: hex HMAC-SHA256(secret, raw body bytes). */
export function signWalletBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

class Timeout extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The global fetch with an abort signal: used when the casino passes none. */
const globalFetch: StudioFetch = async (url, init) => {
  const res = await fetch(url, init);
  return { status: res.status, text: () => res.text() };
};

export type WalletClient = {
  /** Sends `body` (an object, or the exact JSON text of an earlier attempt) with retries. */
  call<A extends WalletAction>(
    action: A,
    body: object | string,
    override?: { attempts?: number },
  ): Promise<WalletResult<WalletAnswer<A>>>;
};

export function walletClient(options: {
  walletUrl: string;
  walletSecret: string;
  fetch?: StudioFetch | undefined;
  retry: WalletRetryOptions;
  userAgent: string;
}): WalletClient {
  const base = options.walletUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalFetch;
  const { attempts, timeoutMs, backoffMs } = options.retry;

  /** One attempt: the answer, or `retry` for a timeout, a 5xx or an unreadable answer. */
  async function attempt<A extends WalletAction>(
    action: A,
    body: string,
  ): Promise<WalletResult<WalletAnswer<A>> | { retry: string }> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Timeout(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
    });
    let status: number;
    let text: string;
    try {
      const res = await Promise.race([
        doFetch(`${base}/${action}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': options.userAgent,
            [WALLET_SIGNATURE_HEADER]: signWalletBody(body, options.walletSecret),
          },
          body,
          signal: controller.signal,
        }),
        deadline,
      ]);
      status = res.status;
      text = await Promise.race([res.text(), deadline]);
    } catch (error) {
      return { retry: error instanceof Timeout ? error.message : `network error: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
    return readAnswer(action, status, text);
  }

  return {
    async call(action, body, override) {
      const raw = typeof body === 'string' ? body : JSON.stringify(body);
      let reason = 'no attempt';
      const tries = Math.max(1, override?.attempts ?? attempts);
      for (let i = 0; i < tries; i++) {
        if (i > 0) await sleep(backoffMs * 2 ** (i - 1));
        const result = await attempt(action, raw);
        if (!('retry' in result)) return result;
        reason = result.retry;
      }
      return { ok: false, kind: 'unavailable', reason };
    },
  };
}

/** The platform's answer read: the data or the refusal, or `retry` for a 5xx, an unreadable or unexpected answer. */
function readAnswer<A extends WalletAction>(
  action: A,
  status: number,
  text: string,
): WalletResult<WalletAnswer<A>> | { retry: string } {
  if (status >= 500) return { retry: `HTTP ${status}` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { retry: `HTTP ${status}: not JSON` };
  }
  if (status === 200) {
    const parsed = ANSWER_SCHEMAS[action].safeParse(json);
    // An OK status with an unexpected body: asking again with the same body is safe.
    if (!parsed.success) return { retry: `HTTP 200: unexpected answer` };
    return { ok: true, data: parsed.data as WalletAnswer<A> };
  }
  const error = walletErrorResponseSchema.safeParse(json);
  if (!error.success) {
    const code = (json as { code?: unknown } | null)?.code;
    const known = (WALLET_ERROR_CODES as readonly unknown[]).includes(code);
    return {
      ok: false,
      kind: 'unavailable',
      reason: `HTTP ${status}: ${known ? String(code) : 'unexpected refusal'}`,
    };
  }
  if (error.data.code === 'internal_error') return { retry: `HTTP ${status}: internal_error` };
  return {
    ok: false,
    kind: 'refused',
    code: error.data.code,
    status,
    ...(error.data.balance_cents !== undefined ? { balance_cents: error.data.balance_cents } : {}),
    ...(error.data.currency !== undefined ? { currency: error.data.currency } : {}),
    ...(error.data.max_bet_cents !== undefined ? { max_bet_cents: error.data.max_bet_cents } : {}),
  };
}
