/**
 * The legal block in the page (docs/licences.md "The legal block and guest mode"). The server
 * tells the page (the root loader's `legalBlock`) whether the visitor is in a blocked country;
 * without a session that is guest mode: browsing, demo games, promotions and support work, the
 * routes below are refused (the page stays where it is and says why).
 */
import { useRouteLoaderData } from 'react-router';
import { parseLocalePath } from './locale';
import { useSession } from './session';

/** What the server says about the visitor: a blocked country; the page served under `/guest/`. */
export type LegalBlock = { blocked: boolean; guestBase: boolean };
export const NOT_BLOCKED: LegalBlock = { blocked: false, guestBase: false };

/** The routes guest mode refuses (the locale prefix and guest base removed): the ways to a session. */
export const GUEST_REFUSED_PATHS: readonly string[] = [
  '/sign-in',
  '/sign-up',
  '/remind',
  '/new-password',
  '/login',
  '/registration',
  '/sport/login',
  '/sport/registration',
];
/** Hash links guest mode refuses (`#sign-in` opens no form). */
export const GUEST_REFUSED_HASHES: readonly string[] = ['sign-in', 'sign-up', 'remind', 'new-password'];

/** Whether guest mode refuses this path (with or without its locale prefix and guest base). */
export function refusedInGuestMode(pathname: string): boolean {
  return GUEST_REFUSED_PATHS.includes(parseLocalePath(pathname).path);
}

/** Router state a refused navigation leaves behind: the page shows the legal block's notice. */
export const LEGAL_BLOCK_STATE = { legalBlock: true } as const;
export const hasLegalBlockState = (state: unknown): boolean =>
  (state as { legalBlock?: unknown } | null)?.legalBlock === true;

/**
 * The visitor's legal block: `blocked` (a blocked country), `guest` (guest mode: blocked and not
 * signed in; under `/guest/` from the first render), `player` (signed in, in a blocked country:
 * withdrawals only).
 */
export function useLegalBlock(): { blocked: boolean; guest: boolean; player: boolean } {
  const block = useRouteLoaderData<{ legalBlock?: LegalBlock }>('root')?.legalBlock ?? NOT_BLOCKED;
  const session = useSession();
  const guest = block.blocked && (block.guestBase ? session.status !== 'player' : session.status === 'guest');
  return { blocked: block.blocked, guest, player: block.blocked && session.status === 'player' };
}
