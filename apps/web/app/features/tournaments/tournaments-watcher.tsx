import type { Tournament } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { PROMO_NOTICE_EVENT } from '../../lib/events';
import { clearTournamentStatuses, tournamentStatusHeard, useHint } from '../../lib/shell-loyalty';
import { useRealtime } from '../../realtime/client';

/**
 * The player's tournaments kept live (mount it only while a player is signed in, with the
 * player's header): each `tournaments_statuses` message goes to lib/shell-loyalty, where the
 * tournament's page reads it; emptied when unmounted (sign-out). It also sets the bounce hint of
 * the tournaments menu item (docs/rules/promotions.md "Bounce hints") as a mark on the document
 * (`data-tournaments-hint`, styled in the shell's shell.css): the menu is the lobby's, whose first JavaScript
 * has no room for it.
 */
export function TournamentsWatcher() {
  useRealtime('tournaments_statuses', tournamentStatusHeard);
  useRealtime('personal_notifications', promoNoticeHeard);
  useEffect(() => clearTournamentStatuses, []);
  const [running, setRunning] = useState(0);
  useEffect(() => {
    let live = true;
    browserApi()
      .get<Tournament[]>('/api/tournaments')
      .then(
        (list) => live && Array.isArray(list) && setRunning(runningTournaments(list, Date.now())),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);
  const hint = useHint('tournaments', running);
  useEffect(() => {
    const root = document.documentElement;
    if (hint) root.dataset.tournamentsHint = '';
    else delete root.dataset.tournamentsHint;
    return () => void delete root.dataset.tournamentsHint;
  }, [hint]);
  return null;
}

/**
 * A notification about a promotion (its `identifier`: new lottery tickets, a result) told to the
 * page that shows it (`PROMO_NOTICE_EVENT`): the lottery's page asks its tickets again. Heard
 * here, with the player's header, so that page's own code holds no realtime client.
 */
function promoNoticeHeard(data: unknown): void {
  const identifier = (data as { identifier?: unknown } | null)?.identifier;
  if (typeof identifier === 'string')
    window.dispatchEvent(new CustomEvent<string>(PROMO_NOTICE_EVENT, { detail: identifier }));
}

/**
 * Tournaments (not quests or achievements: the server's `kind`) running at `now`: the count the
 * hint compares. Without rules.ts: its chunk would be one file more in the header's list.
 */
export function runningTournaments(
  list: ReadonlyArray<Pick<Tournament, 'kind' | 'start_at' | 'end_at'>>,
  now: number,
): number {
  return list.filter((t) => t.kind === 'tournament' && Date.parse(t.start_at) <= now && now < Date.parse(t.end_at))
    .length;
}
