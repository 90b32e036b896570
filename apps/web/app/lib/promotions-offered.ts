/**
 * Whether the casino offers promotions to this visitor (docs/rules/routes-and-guards.md
 * "Promotions not offered"): `promotions_offered` of `GET /client-context`, false for a visitor
 * whose affiliate tag is one of `excluded-promo-stags` (a player's recorded tag, a guest's
 * cookie's). Asked once a page for each visitor the page has had: a sign-in makes the player's
 * recorded tag the one that counts, so the guest's answer is not reused for them.
 */
import { useEffect, useState } from 'react';
import { browserApi } from './api';
import { useSession } from './session';

type ClientContext = { affiliate?: { promotions_offered?: boolean } };

const answers = new Map<string, Promise<boolean>>();

/** The server's answer for the guest (`null`) or the signed-in player; one that cannot be had is yes. */
export function promotionsOfferedTo(playerId: number | null): Promise<boolean> {
  const key = playerId === null ? 'guest' : `player:${playerId}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = browserApi()
      .get<ClientContext>('/client-context')
      .then((context) => context.affiliate?.promotions_offered !== false)
      .catch(() => true);
    answers.set(key, answer);
  }
  return answer;
}

/** Forgets the answers (tests; a page keeps them for its life). */
export function forgetPromotionsOffered(): void {
  answers.clear();
}

/**
 * Whether promotions are offered to the visitor now: yes until the answer is in and when it cannot
 * be had (the shell's menus then show them, as before the answer).
 */
export function usePromotionsOffered(): boolean {
  const session = useSession();
  const playerId = session.player?.id ?? null;
  const known = session.status !== 'unknown';
  const [value, setValue] = useState<{ key: number | null; offered: boolean } | null>(null);
  useEffect(() => {
    if (!known) return;
    let live = true;
    void promotionsOfferedTo(playerId).then((offered) => live && setValue({ key: playerId, offered }));
    return () => {
      live = false;
    };
  }, [known, playerId]);
  return value && value.key === playerId ? value.offered : true;
}
