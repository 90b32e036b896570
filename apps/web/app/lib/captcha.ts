/**
 * The captcha token for registration, sign-in, resend confirmation and password reset
 * (docs/identity.md; the server's identity README "Captcha").
 *
 * `captchaToken()` reads GET /api/player/settings once per page, then either solves a
 * proof-of-work challenge (the default, self-hosted) or asks reCAPTCHA v3 when the settings carry
 * a site key. A token is single use: call it for every submit. While it has no token it tries
 * again every 500 ms, at most 5 attempts, and then answers undefined (the server will answer
 * `captcha: ['required']`, which the form shows).
 *
 * Import this only from lazily loaded auth code: it brings a SHA-256 implementation with it and
 * the lobby's critical JavaScript has no room for it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import {
  captchaWorkInput,
  hasLeadingZeroBits,
  powCaptchaToken,
  type CaptchaChallenge,
  type PlayerSettings,
} from '@orbit/contracts';

export const CAPTCHA_RETRY_MS = 500;
export const CAPTCHA_MAX_ATTEMPTS = 5;
/** Hashes between yields to the page, so a slow phone keeps painting while it works. */
const HASHES_PER_SLICE = 4096;
const SETTINGS_PATH = '/api/player/settings';
/** The action name reCAPTCHA v3 records with the score. */
const RECAPTCHA_ACTION = 'auth';

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

export type CaptchaDeps = {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** Lets the page breathe between slices of work. */
  yieldToPage: () => Promise<void>;
  /** Loads reCAPTCHA's script for a site key and answers its global. */
  loadRecaptcha: (siteKey: string) => Promise<Grecaptcha>;
  now: () => number;
};

/**
 * Finds a nonce (base 36 counter) such that sha256(`<challenge>:<nonce>`) begins with
 * `difficulty` zero bits and answers the token `<challenge>.<nonce>`. The challenge prefix is
 * hashed once and its state copied per nonce, which halves the work. Gives up (throws) after `deadline`.
 */
export async function solveChallenge(
  challenge: string,
  difficulty: number,
  options: { yieldToPage?: () => Promise<void>; deadline?: number; now?: () => number } = {},
): Promise<string> {
  const encoder = new TextEncoder();
  const prefix = sha256.create().update(encoder.encode(captchaWorkInput(challenge, '')));
  // One hasher and one digest buffer reused for every nonce: no allocation in the loop.
  const work = sha256.create();
  const digest = new Uint8Array(32);
  const now = options.now ?? Date.now;
  for (let n = 0; ; n++) {
    if (n % HASHES_PER_SLICE === 0 && n > 0) {
      if (options.deadline !== undefined && now() > options.deadline)
        throw new Error('captcha challenge expired before it was solved');
      await (options.yieldToPage ?? defaultYield)();
    }
    const nonce = n.toString(36);
    prefix._cloneInto(work);
    work.update(encoder.encode(nonce));
    work.digestInto(digest);
    if (hasLeadingZeroBits(digest, difficulty)) return powCaptchaToken(challenge, nonce);
  }
}

function defaultYield(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const scripts = new Map<string, Promise<Grecaptcha>>();
function loadRecaptchaScript(siteKey: string): Promise<Grecaptcha> {
  let loading = scripts.get(siteKey);
  if (!loading) {
    loading = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
        if (g) g.ready(() => resolve(g));
        else reject(new Error('reCAPTCHA did not load'));
      };
      script.onerror = () => reject(new Error('reCAPTCHA did not load'));
      document.head.appendChild(script);
    });
    // A failed load may be tried again on the next attempt.
    loading.catch(() => scripts.delete(siteKey));
    scripts.set(siteKey, loading);
  }
  return loading;
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A token source with its own settings cache; the page uses the default one below. */
export function createCaptcha(deps: CaptchaDeps): () => Promise<string | undefined> {
  let settings: Promise<PlayerSettings> | undefined;

  const readSettings = (): Promise<PlayerSettings> => {
    if (!settings) {
      settings = (async () => {
        const res = await deps.fetch(SETTINGS_PATH, {
          headers: { ...XHR, Accept: 'application/json' },
          credentials: 'same-origin',
        });
        if (!res.ok) throw new Error(`settings: ${res.status}`);
        return (await res.json()) as PlayerSettings;
      })();
      // Cached for the page only when it arrived; a failure is asked again on the next attempt.
      settings.catch(() => (settings = undefined));
    }
    return settings;
  };

  /** A token, undefined for a failed attempt, or null when the operator runs without a captcha. */
  const attempt = async (): Promise<string | null | undefined> => {
    const s = await readSettings();
    if (s.captcha.provider === 'off') return null;
    if (s.captcha.provider === 'recaptcha' && s.recaptcha) {
      const grecaptcha = await deps.loadRecaptcha(s.recaptcha);
      return (await grecaptcha.execute(s.recaptcha, { action: RECAPTCHA_ACTION })) || undefined;
    }
    const url = s.captcha.challenge_url;
    if (!url) return undefined;
    // No body: an empty JSON body would be refused.
    const res = await deps.fetch(url, {
      method: 'POST',
      headers: { ...XHR, Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!res.ok) throw new Error(`challenge: ${res.status}`);
    const { challenge, difficulty, expires_at } = (await res.json()) as CaptchaChallenge;
    return solveChallenge(challenge, difficulty, {
      yieldToPage: deps.yieldToPage,
      deadline: Date.parse(expires_at),
      now: deps.now,
    });
  };

  return async () => {
    for (let i = 0; i < CAPTCHA_MAX_ATTEMPTS; i++) {
      if (i > 0) await deps.sleep(CAPTCHA_RETRY_MS);
      try {
        const token = await attempt();
        if (token === null) return undefined;
        if (token) return token;
      } catch {
        // Network trouble, an expired challenge, reCAPTCHA not loading: the next attempt may do.
      }
    }
    return undefined;
  };
}

let pageCaptcha: (() => Promise<string | undefined>) | undefined;

/** A fresh captcha token for the next protected call, or undefined after 5 failed attempts. */
export function captchaToken(): Promise<string | undefined> {
  pageCaptcha ??= createCaptcha({
    fetch: (input, init) => globalThis.fetch(input, init),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    yieldToPage: defaultYield,
    loadRecaptcha: loadRecaptchaScript,
    now: () => Date.now(),
  });
  return pageCaptcha();
}
