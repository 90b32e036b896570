/**
 * The identity module's public face: registration, sign-in, sessions, confirmation, password
 * reset, TOTP two-factor. Other modules protect their routes with `requirePlayer(request)`.
 */
import type { Config } from '../../platform/config';
import type { OrbitModule } from '../../platform/module';
import { identityRoutes } from './routes';
import { IdentityService, type Links } from './service';

export { currentPlayer, requirePlayer } from './session';
export type { CurrentPlayer } from './service';
export { SESSION_COOKIE } from './cookies';

/** Mailed links point at the configured public address; the Host header is never trusted for them. */
function linksFor(config: Config): Links {
  const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  return {
    confirmation: (token) => `${base}/confirmation?confirmation_token=${encodeURIComponent(token)}`,
    passwordReset: (token) => `${base}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`,
  };
}

export const identityModule: OrbitModule = {
  name: 'identity',
  routes: (app, ctx) => identityRoutes(new IdentityService(ctx.db, ctx.clock, ctx.mailer, linksFor(ctx.config), ctx.log))(app, ctx),
};
