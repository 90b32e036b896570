/**
 * The player's data before real play (docs/rules/fields.md "Before real play"): the game page's
 * guard asks for a provider's missing fields first (demo skips it), a launch refused for them
 * opens the same popup; the cashbox asks for the payment methods again while they come back
 * empty (three calls in all).
 */
import { describe, expect, it } from 'vitest';
import { missingPlayerFields } from '@orbit/contracts';
import { launchFailure, playGuard } from '../../app/features/play/play-rules';
import { loadMethodsRetryingEmpty, METHODS_ATTEMPTS, paymentRiskData } from '../../app/features/cashbox/rules';
import { ApiError } from '../../app/lib/api';
import { deviceTraits, fingerprintOf } from '../../app/lib/device-fingerprint';
import { createTelemetry, logFailure } from '../../app/lib/telemetry';

const real = { status: 'player', mode: 'real', hasDemo: true, launchable: true, limits: 'clear' } as const;

describe('a provider’s fields before real play', () => {
  it('finds the fields left empty, in the order asked', () => {
    const player = { first_name: 'Ann', last_name: '  ', date_of_birth: null, country: 'DE' };
    expect(missingPlayerFields(player, ['date_of_birth', 'first_name', 'last_name', 'city'])).toEqual([
      'date_of_birth',
      'last_name',
      'city',
    ]);
    expect(missingPlayerFields(player, [])).toEqual([]);
  });

  it('waits for the check, asks for missing fields, and launches once none is missing', () => {
    expect(playGuard({ ...real, fields: 'unknown' })).toBe('wait');
    expect(playGuard({ ...real, fields: ['first_name'] })).toBe('profile');
    expect(playGuard({ ...real, fields: [] })).toBe('launch');
    // A reached limit still goes first; a demo never asks.
    expect(playGuard({ ...real, limits: 'blocked', fields: ['first_name'] })).toBe('limits');
    expect(playGuard({ ...real, mode: 'demo', fields: ['first_name'] })).toBe('launch');
  });

  it('opens the popup for the fields a refused launch names', () => {
    const refusal = new ApiError(422, '/api/games/1/launch', {
      base: ['player_fields_missing'],
      first_name: ['required'],
      date_of_birth: ['required'],
    });
    expect(launchFailure(refusal)).toEqual({ action: 'profile', fields: ['first_name', 'date_of_birth'] });
  });
});

describe('payment methods asked again while empty', () => {
  const answers = (...counts: number[]) => {
    let calls = 0;
    const load = async () => ({ methods: Array.from({ length: counts[Math.min(calls++, counts.length - 1)]! }) });
    return { load, calls: () => calls };
  };

  it('asks three times in all while the list is empty, then gives the empty list', async () => {
    const a = answers(0);
    expect((await loadMethodsRetryingEmpty(a.load)).methods).toHaveLength(0);
    expect(a.calls()).toBe(METHODS_ATTEMPTS);
    expect(METHODS_ATTEMPTS).toBe(3);
  });

  it('stops at the first list with methods', async () => {
    const a = answers(0, 2, 5);
    expect((await loadMethodsRetryingEmpty(a.load)).methods).toHaveLength(2);
    expect(a.calls()).toBe(2);
    const b = answers(4);
    await loadMethodsRetryingEmpty(b.load);
    expect(b.calls()).toBe(1);
  });
});

describe('the device fingerprint', () => {
  const nav = {
    userAgent: 'UA/1',
    languages: ['de', 'en'],
    platform: 'Linux',
    hardwareConcurrency: 8,
    maxTouchPoints: 0,
  };
  const screen = { width: 1366, height: 900, colorDepth: 24 };

  it('is the same for the same traits and differs when one changes', () => {
    const one = fingerprintOf(deviceTraits(nav, screen, 1, 'Europe/Berlin'));
    expect(one).toMatch(/^fp1-[0-9a-f]{16}$/);
    expect(fingerprintOf(deviceTraits({ ...nav }, { ...screen }, 1, 'Europe/Berlin'))).toBe(one);
    expect(fingerprintOf(deviceTraits(nav, screen, 1, 'Europe/Tallinn'))).not.toBe(one);
    expect(fingerprintOf(deviceTraits(nav, { ...screen, width: 1920 }, 1, 'Europe/Berlin'))).not.toBe(one);
  });
});

describe('named error logs', () => {
  it('sends the name, the status and the first code per field to the page log', () => {
    const sent: Array<{ path: string; body: unknown }> = [];
    const sender = createTelemetry({ transport: (_m, path, body) => sent.push({ path, body }) });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      logFailure(
        'LOGIN_ERROR',
        new ApiError(422, '/api/users/sign_in', { base: ['invalid_credentials', 'x'] }),
        sender,
      );
    } finally {
      console.error = quiet;
    }
    expect(sent).toEqual([
      {
        path: '/log',
        body: {
          level: 'error',
          message: 'LOGIN_ERROR',
          context: { status: 422, codes: { base: 'invalid_credentials' } },
        },
      },
    ]);
  });
});

describe('the payment risk data', () => {
  it('names the highest VIP group the player is in, else Regular, and never more of a card than its last 4', () => {
    const player = {
      country: 'DE',
      first_name: 'Ann',
      last_name: null,
      email: 'ann@example.com',
      statuses: [
        { id: 1117, name: 'Rising star' },
        { id: 259, name: 'Gold' },
        { id: 1003, name: 'Level 3' },
      ],
    };
    const data = paymentRiskData(player, {
      type: 'transaction',
      currency: 'EUR',
      amountCents: 2_500,
      paymentSystem: 'visa',
      dfpc: 'fp1-00',
      card: { last4: '4242' },
    });
    expect(data).toEqual({
      country: 'DE',
      first_name: 'Ann',
      email: 'ann@example.com',
      dfpc: 'fp1-00',
      card_last4: '4242',
      currency: 'EUR',
      amount: 2_500,
      payment_system: 'visa',
      type: 'transaction',
      custom_player_status: 'Gold',
    });
    expect(
      paymentRiskData(
        { ...player, statuses: [] },
        { type: 'payout', currency: 'EUR', amountCents: 1, paymentSystem: 'x' },
      ).custom_player_status,
    ).toBe('Regular');
  });
});
