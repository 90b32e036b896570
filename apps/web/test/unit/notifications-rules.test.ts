import { describe, expect, it } from 'vitest';
import type { PlayerNotification } from '@orbit/contracts';
import {
  localizedParams,
  addOne,
  buttonKey,
  counterText,
  fromServer,
  giftNotification,
  isNotificationMessage,
  mergeServerList,
  NOTIFICATION_TTL_MS,
  sortAlive,
  titleKey,
} from '../../app/features/notifications/rules';

const NOW = Date.parse('2026-06-15T10:00:00Z');
const server = (id: number, minutesAgo: number): PlayerNotification => ({
  id,
  type: 'personal_notifications',
  title: 'Tournament finished',
  text: `Tournament Race ${id} finished — you placed 1`,
  identifier: `tournament--race-${id}`,
  content: {
    icon: 'trophy',
    title: 'Tournament finished',
    button: { path: `/tournaments/race-${id}`, title: 'To the tournament' },
  },
  message: { key: 'notifications.tournament.placed', params: { title: `Race ${id}`, place: 1 } },
  created_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
  expiry: new Date(NOW - minutesAgo * 60_000 + NOTIFICATION_TTL_MS).toISOString(),
});

describe('notification rules', () => {
  it('counts up to 9, then 9+; nothing when empty', () => {
    expect([0, 1, 9, 10, 250].map(counterText)).toEqual([null, '1', '9', '9+', '9+']);
  });

  it('keeps the unexpired ones, newest first', () => {
    const items = [fromServer(server(1, 30)), fromServer(server(2, 5)), fromServer(server(3, 121))];
    expect(sortAlive(items, NOW).map((n) => n.serverId)).toEqual([2, 1]);
  });

  it('merges the server list over what was kept: the server decides its own, the page keeps its gifts', () => {
    const gift = giftNotification('bonuses_changes', { id: 7, title: 'Welcome', stage: 'issued' }, NOW)!;
    const kept = [fromServer(server(1, 10)), gift];
    const merged = mergeServerList(kept, [server(2, 1)], NOW);
    expect(merged.map((n) => n.key)).toEqual(['gift:bonus:7', 'server:2']);
    // Adding one already there changes nothing.
    expect(addOne(merged, fromServer(server(2, 1)), NOW)).toHaveLength(2);
  });

  it('a gift message makes "New gift" only when the gift is newly issued', () => {
    const gift = giftNotification('freespins_changes', { id: 3, title: '10 spins', stage: 'issued' }, NOW);
    expect(gift).toMatchObject({
      key: 'gift:freespin:3',
      type: 'freespins_changes',
      text: 'New gift: 10 spins',
      content: { button: { path: '/profile/gifts' } },
      message: { key: 'notifications.gift.new', params: { title: '10 spins' } },
    });
    expect(Date.parse(gift!.expiry) - NOW).toBe(NOTIFICATION_TTL_MS);
    expect(giftNotification('bonuses_changes', { id: 3, title: 'x', stage: 'handle_bets' }, NOW)).toBeNull();
    expect(giftNotification('bonuses_changes', { balance: 1 }, NOW)).toBeNull();
  });

  it('recognises a server notification message and picks the page texts by kind and path', () => {
    expect(isNotificationMessage(server(1, 0))).toBe(true);
    expect(isNotificationMessage({ id: 1 })).toBe(false);
    const n = fromServer(server(1, 0));
    expect(titleKey(n)).toBe('notifications.title.tournament');
    expect(buttonKey(n)).toBe('notifications.button.tournament');
    expect(buttonKey({ ...n, content: { ...n.content, button: { path: '/profile/gifts', title: '' } } })).toBe(
      'notifications.button.gifts',
    );
    expect(buttonKey({ ...n, content: { ...n.content, button: { path: '/lottery/x', title: '' } } })).toBe(
      'notifications.button.lottery',
    );
    const tickets = { ...n, message: { key: 'notifications.lottery.tickets', params: { count: 2, title: 'X' } } };
    expect(titleKey(tickets)).toBe('notifications.title.tickets');
    expect(titleKey({ ...n, message: { key: 'notifications.lottery.won', params: {} } })).toBe(
      'notifications.title.lottery',
    );
  });

  it('says new lottery tickets in one and many, in English and German', async () => {
    const { createTranslator } = await import('../../app/lib/i18n');
    const en = createTranslator('en', { en: (await import('../../app/i18n/messages/en.json')).default });
    const de = createTranslator('de', { de: (await import('../../app/i18n/messages/de.json')).default });
    expect(en('notifications.lottery.tickets', { count: 1, title: 'Weekly', total: 1 })).toBe(
      'You got 1 ticket in Weekly',
    );
    expect(en('notifications.lottery.tickets', { count: 20, title: 'Weekly', total: 22 })).toBe(
      'You got 20 tickets in Weekly',
    );
    expect(de('notifications.lottery.tickets', { count: 20, title: 'Weekly', total: 22 })).toBe(
      'Du hast 20 Lose für Weekly erhalten',
    );
  });

  it("says a result's prize in the page's language from the parts the server sends", async () => {
    const { createTranslator } = await import('../../app/lib/i18n');
    const de = createTranslator('de', { de: (await import('../../app/i18n/messages/de.json')).default });
    const money = (cents: number, code: string) => `${(cents / 100).toFixed(2)} ${code}`;
    const params = {
      title: 'Race',
      place: 1,
      prize: '€30.00 bonus, 10 free spins',
      prize_currency: 'EUR',
      prize_money_cents: 3_000,
      prize_freespins: 10,
      prize_comp_points: 1,
    };
    expect(localizedParams(params, de, money).prize).toBe('30.00 EUR Bonus, 10 Freispiele, 1 Comp-Punkt');
    expect(localizedParams({ ...params, prize_money_cents: 0, prize_comp_points: 0 }, de, money).prize).toBe(
      '10 Freispiele',
    );
    // A message without the parts (an older server's) keeps its text.
    expect(localizedParams({ title: 'Race', prize: 'x' }, de, money)).toEqual({ title: 'Race', prize: 'x' });
  });
});
