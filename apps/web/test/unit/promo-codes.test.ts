import { describe, expect, it } from 'vitest';
import { clearPromoCodes, dropAtLobbyForGuest, storedPromoCodes, takePromoCodes } from '../../app/lib/promo-codes';
import { memoryStorage } from './support/memory-storage';

describe('promo-code links', () => {
  it('keeps both codes and answers the query without them', () => {
    const store = memoryStorage();
    expect(takePromoCodes('?depositPromocode=WELCOME100&page=2&giftPromocode=SPIN50', store)).toBe('?page=2');
    expect(storedPromoCodes(store)).toEqual({ depositPromocode: 'WELCOME100', giftPromocode: 'SPIN50' });
  });

  it('answers an empty query when the codes were all there was, and null when there were none', () => {
    const store = memoryStorage();
    expect(takePromoCodes('?giftPromocode=SPIN50', store)).toBe('');
    expect(takePromoCodes('?page=2', store)).toBeNull();
    expect(takePromoCodes('', store)).toBeNull();
    expect(storedPromoCodes(store)).toEqual({ giftPromocode: 'SPIN50' });
  });

  it('drops an empty code from the address without storing it, and a new link replaces the old code', () => {
    const store = memoryStorage();
    takePromoCodes('?depositPromocode=OLD', store);
    expect(takePromoCodes('?giftPromocode=&depositPromocode=NEW', store)).toBe('');
    expect(storedPromoCodes(store)).toEqual({ depositPromocode: 'NEW' });
  });

  it('clears one code or both', () => {
    const store = memoryStorage();
    takePromoCodes('?depositPromocode=D&giftPromocode=G', store);
    clearPromoCodes(['giftPromocode'], store);
    expect(storedPromoCodes(store)).toEqual({ depositPromocode: 'D' });
    clearPromoCodes(undefined, store);
    expect(storedPromoCodes(store)).toEqual({});
    expect(store.items.size).toBe(0);
  });

  it('still cleans the address when storage is blocked', () => {
    expect(takePromoCodes('?giftPromocode=G&x=1', null)).toBe('?x=1');
    expect(storedPromoCodes(null)).toEqual({});
  });
});

describe('promo codes at the lobby', () => {
  it('are dropped when a signed-out visitor reaches the lobby of any locale', () => {
    for (const lobby of ['/', '/de']) {
      const store = memoryStorage();
      takePromoCodes('?depositPromocode=D&giftPromocode=G', store);
      expect(dropAtLobbyForGuest(lobby, 'guest', store)).toBe(true);
      expect(storedPromoCodes(store)).toEqual({});
    }
  });

  it('stay for a signed-in player at the lobby, on other pages, and while the session is not known yet', () => {
    const store = memoryStorage();
    takePromoCodes('?giftPromocode=G', store);
    expect(dropAtLobbyForGuest('/', 'player', store)).toBe(false);
    expect(dropAtLobbyForGuest('/', 'unknown', store)).toBe(false);
    expect(dropAtLobbyForGuest('/registration', 'guest', store)).toBe(false);
    expect(dropAtLobbyForGuest('/de/pokies/all', 'guest', store)).toBe(false);
    expect(storedPromoCodes(store)).toEqual({ giftPromocode: 'G' });
  });
});
