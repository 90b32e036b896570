/** The player's profile, the record of the card. */
import { useRecordContext } from 'react-admin';
import type { BackofficePlayerProfile } from '@orbit/contracts';

/**
 * The card's record is the player's profile; until it arrives react-admin shows the list's row of
 * the player (a few of its fields), which the card waits out.
 */
export function usePlayerProfile(): BackofficePlayerProfile | undefined {
  const record = useRecordContext<BackofficePlayerProfile>();
  return record && 'restrictions' in record && 'verification' in record ? record : undefined;
}
