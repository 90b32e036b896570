/** The pure rules of web push (docs/notifications.md "Push to a device"). */
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  pushEndpointAllowed,
  pushKeysProblem,
  pushPayload,
  sendOutcome,
  userAgentClass,
} from '../../src/modules/notifications/push-rules';

const p256dh = createECDH('prime256v1').generateKeys().toString('base64url');
const auth = randomBytes(16).toString('base64url');

describe('push rules', () => {
  it('takes https endpoints; plain http only to this machine outside production', () => {
    expect(pushEndpointAllowed('https://push.example.net/send/abc', true)).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push', false)).toBe(true);
    expect(pushEndpointAllowed('http://localhost/push', false)).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push', true)).toBe(false);
    expect(pushEndpointAllowed('http://push.example.net/send', false)).toBe(false);
    expect(pushEndpointAllowed('https://user:pw@push.example.net/x', true)).toBe(false);
    expect(pushEndpointAllowed('javascript:alert(1)', false)).toBe(false);
    expect(pushEndpointAllowed('nonsense', false)).toBe(false);
  });

  it('checks the keys: a 65-byte uncompressed P-256 point and a 16-byte secret, base64url', () => {
    expect(pushKeysProblem({ p256dh, auth })).toBeNull();
    expect(pushKeysProblem({ p256dh: `${p256dh}=`, auth: `${auth}==` })).toBeNull();
    expect(pushKeysProblem({ p256dh: p256dh.slice(2), auth })).toBe('keys.p256dh');
    expect(pushKeysProblem({ p256dh: `A${p256dh.slice(1)}`, auth })).toBe('keys.p256dh');
    expect(pushKeysProblem({ p256dh, auth: randomBytes(15).toString('base64url') })).toBe('keys.auth');
    expect(pushKeysProblem({ p256dh, auth: 'a+b/c==' })).toBe('keys.auth');
  });

  it('keeps only a coarse browser class, never the user agent', () => {
    expect(userAgentClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit Safari/604.1')).toBe(
      'safari-ios',
    );
    expect(userAgentClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'firefox-windows',
    );
    expect(userAgentClass('Mozilla/5.0 (Macintosh) AppleWebKit Chrome/126.0 Safari/537.36 Edg/126.0')).toBe(
      'edge-macos',
    );
    expect(userAgentClass(undefined)).toBe('other-other');
  });

  it('a push service’s answer: 2xx delivered, 404/410 gone, the rest failed', () => {
    expect(sendOutcome(201)).toBe('delivered');
    expect(sendOutcome(410)).toBe('gone');
    expect(sendOutcome(404)).toBe('gone');
    expect(sendOutcome(429)).toBe('failed');
    expect(sendOutcome(500)).toBe('failed');
    expect(sendOutcome(null)).toBe('failed');
  });

  it('says the bell’s news in the player’s language, its page under their locale', () => {
    const lottery = {
      sourceKey: 'lottery:4',
      messageKey: 'notifications.lottery.wonPrize',
      params: {
        title: 'Moon',
        prize: '10 free spins',
        prize_money_cents: 0,
        prize_currency: 'EUR',
        prize_freespins: 10,
        prize_comp_points: 1,
      },
      path: '/profile/gifts',
    };
    expect(pushPayload(lottery, 'it')).toEqual({
      title: 'Lotteria vinta',
      body: 'Hai vinto alla lotteria Moon — il tuo premio: 10 giri gratuiti, 1 punto fedeltà è tra i tuoi regali',
      url: '/it/profile/gifts',
      tag: 'lottery:4',
    });
    const tickets = {
      sourceKey: 'tickets:1:x',
      messageKey: 'notifications.lottery.tickets',
      params: { count: 1, title: 'Moon', total: 1 },
      path: '/lottery/moon',
    };
    expect(pushPayload(tickets, 'en-CA')).toMatchObject({
      title: 'Lottery tickets',
      body: 'You got 1 ticket in Moon',
      url: '/en-CA/lottery/moon',
    });
    // An unknown language is English; a path that is not the site's own opens the lobby.
    expect(pushPayload({ ...tickets, path: '//evil.example/x' }, 'xx')).toMatchObject({ url: '/' });
  });
});
