import { useEffect } from 'react';
import { clearTournamentStatuses, tournamentStatusHeard } from '../../lib/loyalty';
import { useRealtime } from '../../realtime/client';

/**
 * The player's tournament standings kept live (mount it only while a player is signed in, with
 * the player's header): each `tournaments_statuses` message goes to lib/loyalty, where the
 * tournament's page reads it; emptied when unmounted (sign-out).
 */
export function TournamentsWatcher() {
  useRealtime('tournaments_statuses', tournamentStatusHeard);
  useEffect(() => clearTournamentStatuses, []);
  return null;
}
