import type { PlayerSettings } from '@orbit/contracts';
import { describe, expect, it, vi } from 'vitest';
import { captchaForCall } from '../../app/features/auth/captcha-gate';
import { ApiError } from '../../app/lib/api';

const settings = (provider: PlayerSettings['captcha']['provider']): PlayerSettings => ({
  recaptcha: null,
  recaptcha_version: null,
  captcha: { provider, challenge_url: provider === 'pow' ? '/api/captcha/challenge' : null },
  cent: null,
});

describe('the captcha field of sign-up, sign-in and reset', () => {
  it('is the solver’s token, without reading the settings again', async () => {
    const read = vi.fn(async () => settings('pow'));
    await expect(captchaForCall(async () => 'token', read)).resolves.toBe('token');
    expect(read).not.toHaveBeenCalled();
  });

  it('is left out when the operator runs without a captcha, so the call is sent', async () => {
    await expect(
      captchaForCall(
        async () => undefined,
        async () => settings('off'),
      ),
    ).resolves.toBeUndefined();
  });

  it('stops the call with captcha unavailable when a captcha is in force but no token came', async () => {
    for (const read of [
      async () => settings('pow'),
      async () => settings('recaptcha'),
      () => Promise.reject(new Error('offline')),
    ]) {
      const error = await captchaForCall(() => Promise.reject(new Error('expired')), read).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).errors.captcha).toEqual(['unavailable']);
    }
  });
});
