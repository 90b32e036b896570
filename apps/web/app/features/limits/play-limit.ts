// The contract's rule (with zod, for now: see limit-notice.tsx).
import { playBlockedBy } from '@orbit/contracts';
import { useEffect, useRef } from 'react';
import { loadLimits, useLimits } from './limits-store';

export type PlayLimitCheck = 'unknown' | 'clear' | 'blocked';

/**
 * The game page's limit guard (before entering a game page, a signed-in player with a reached
 * limit goes to the limits page; docs/rules/routes-and-guards.md "The game page"): whether a
 * limit that stops play (`playBlockedBy`) is reached, decided once per game page entered
 * (`entry`). A limit reached while playing does not pull the game away mid-round: the platform
 * refuses the next bet and the game says why.
 * A list that cannot be read lets the launch decide (the platform checks limits there too).
 */
export function usePlayLimitCheck(signedIn: boolean, entry: string): PlayLimitCheck {
  const { status, limits } = useLimits();
  useEffect(() => {
    if (signedIn) void loadLimits();
  }, [signedIn]);
  const latched = useRef<{ entry: string; result: Exclude<PlayLimitCheck, 'unknown'> } | null>(null);
  if (!signedIn) return 'unknown';
  if (latched.current?.entry !== entry) latched.current = null;
  if (latched.current) return latched.current.result;
  if (status !== 'ready' && status !== 'failed') return 'unknown';
  const result = status === 'ready' && playBlockedBy(limits) ? 'blocked' : 'clear';
  latched.current = { entry, result };
  return result;
}
