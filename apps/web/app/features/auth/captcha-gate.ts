import { playerSettingsSchema, type PlayerSettings } from '@orbit/contracts';
import { ApiError, browserApi } from '../../lib/api';

/**
 * The captcha field of a protected call (sign-up, sign-in, password reset): the solver's token;
 * none at all when the operator runs without a captcha (the settings' provider `off`: the server
 * asks for no field, so the call goes without one); else the call is not sent and the form says
 * the check could not be made (`captcha: unavailable`), as for the server's own `captcha` codes.
 * The settings are read only when there is no token, so a working captcha costs nothing more.
 */
export async function captchaForCall(
  token: () => Promise<string | undefined>,
  settings: () => Promise<PlayerSettings>,
): Promise<string | undefined> {
  const solved = await token().catch(() => undefined);
  if (solved) return solved;
  const provider = await settings().then(
    (s) => s.captcha.provider,
    () => undefined,
  );
  if (provider === 'off') return undefined;
  throw new ApiError(422, 'captcha', { captcha: ['unavailable'] });
}

/** `GET /api/player/settings`, checked with the contract's schema. */
export function readPlayerSettings(): Promise<PlayerSettings> {
  return browserApi().get('/api/player/settings', { schema: playerSettingsSchema });
}
