/**
 * The identity module's public face: registration, sign-in, sessions, confirmation, password
 * reset, TOTP two-factor; the player's profile, groups and tiers, subscriptions (the design's
 * "players" area lives here: this module owns the users row). Other modules protect their routes
 * with `requirePlayer(request)`.
 */
import { publicBase, type Config } from '../../platform/config';
import { localePath, type MailLocale } from '../../platform/mail-layout';
import type { OrbitModule } from '../../platform/module';
import { captchaRoutes, createCaptcha } from './captcha';
import { OtpBox } from './otp-box';
import { ProfileService } from './profile';
import { SignInChecks } from './protection';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { mailedLinkRoutes } from './routes/mailed-links';
import { playerRoutes, sessionRoutes } from './routes/player';
import { groupRoutes, profileRoutes, subscriptionRoutes } from './routes/profile';
import { signInRoutes } from './routes/sign-in';
import { signUpRoutes } from './routes/sign-up';
import { recoveryCodeRoutes, twoFactorRoutes } from './routes/two-factor';
import { seedIdentity } from './seed';
export { demoPlayerId } from './seed';
import {
  CONFIRMATION_RESEND_REQUESTED_TOPIC,
  IdentityService,
  PASSWORD_RESET_REQUESTED_TOPIC,
  type Links,
} from './service';

import { RegistrationHooks } from './registration-hooks';
import { installSessionResolver, playerCountryOf } from './session';
import { sweepOldSessions } from './session-retention';
export { currentPlayer, peekPlayer, playerGroupsOf, requirePlayer } from './session';
export { RegistrationHooks, type JoinedPlayer, type RegistrationHook } from './registration-hooks';
export {
  membershipsOf,
  changeGroups,
  listGroups,
  groupMemberIds,
  levelForPoints,
  LEVEL_SEED,
  ENTRY_LEVEL_ID,
  VIP_GROUP_IDS,
  type PlayerGroupRow,
} from './groups';
export { playerCurrencies, playerLocales, publicNames } from './player';
// The player as the API shows them: the games module checks a provider's fields before real play.
export { toPlayer } from './player';
// The verification module tells the player answer's `verified`.
export { setPlayerVerifiedSource } from './profile';
export {
  bonusSettingsOf,
  changeBonusSettings,
  PLAYER_REGISTERED_TOPIC,
  type BonusSettings,
  type PlayerRegisteredEvent,
} from './bonus-settings';
export type { CurrentPlayer } from './service';
export { SESSION_COOKIE, cookieOf } from './cookies';
// What the back office's operators sign in with: the same hashing, sealing, codes and lock as players'.
export { hashPassword, verifyPassword, verifyAgainstDummy } from './passwords';
export { OtpBox } from './otp-box';
export { acceptedStep, newOtpSecret, otpauthUri } from './totp';
export { lockedForSeconds, SIGN_IN_WINDOW_MS, SIGN_IN_MAX_FAILURES_PER_ACCOUNT } from './rules';
export { metaOf } from './routes/request';
export { searchPlayers, type PlayerSearchRow } from './search';
export { playerCardProfile, playerExists, type PlayerCardProfile } from './player-card';
export {
  endPlayerSessions,
  playerSessionsPage,
  playersSharingWith,
  playerSince,
  type PlayerSessionRow,
  type SharedPlayer,
} from './player-sessions';
export {
  SignInChecks,
  activeSessionIds,
  activeSessionPlayer,
  endAllSessions,
  stopPromotions,
  playerContact,
  signedInSeconds,
  mailWithdrawalLink,
  withdrawalPlayer,
  type SignInCheck,
  type SignInRefusal,
  type PlayerContact,
} from './protection';

declare module 'fastify' {
  interface FastifyInstance {
    /** The checks a correct sign-in passes before its session starts; modules add theirs (limits: exclusions). */
    orbitSignInChecks: SignInChecks;
    /** What modules above record about a new player in the registration's transaction (telemetry: the affiliate tag, the A/B arm). */
    orbitRegistrationHooks: RegistrationHooks;
  }
}

/** Mailed links point at the configured public address; the Host header is never trusted for them. */
function linksFor(config: Config): Links {
  const base = publicBase(config);
  // Each link opens the page in the player's language (`/de/confirmation ...`; English unprefixed).
  return {
    confirmation: (token, locale) =>
      `${base}${localePath(locale, '/confirmation')}?confirmation_token=${encodeURIComponent(token)}`,
    passwordReset: (token, locale) =>
      `${base}${localePath(locale, '/users/password/edit')}?reset_password_token=${encodeURIComponent(token)}`,
    withdrawal: (token, locale) => withdrawalLink(config, token, locale),
  };
}

/** The page where a player who may not sign in withdraws their balance (mailed, 24 hours), in their language. */
export function withdrawalLink(config: Config, token: string, locale: MailLocale = 'en'): string {
  return `${publicBase(config)}${localePath(locale, '/withdrawal')}?withdrawal_token=${encodeURIComponent(token)}`;
}

/** How often ended sessions past their retention are deleted: it is counted in days, an hour late is nothing. */
const SESSION_SWEEP_MS = 60 * 60_000;

export const identityModule: OrbitModule = {
  name: 'identity',
  routes: async (app, ctx) => {
    const captcha = createCaptcha(ctx);
    await captchaRoutes(captcha, ctx)(app);
    const signInChecks = new SignInChecks();
    app.decorate('orbitSignInChecks', signInChecks);
    const registrationHooks = new RegistrationHooks();
    app.decorate('orbitRegistrationHooks', registrationHooks);
    if (!ctx.config.otpEncryptionKey && !ctx.config.demo)
      ctx.log.warn('OTP_ENCRYPTION_KEY is not set: two-factor secrets are stored unencrypted');
    const otpBox = new OtpBox(ctx.config.otpEncryptionKey);
    const identity = new IdentityService(
      ctx.db,
      ctx.clock,
      ctx.mailer,
      linksFor(ctx.config),
      ctx.log,
      signInChecks,
      ctx.config.addressLimits,
      otpBox,
      registrationHooks,
    );
    // The mails asked for by address are made here, after the answer (service.ts: same work either way).
    ctx.outbox.on(PASSWORD_RESET_REQUESTED_TOPIC, 'identity.password-reset-mail', (event, delivery) =>
      identity.mailPasswordReset((event.payload as { email: string }).email, delivery),
    );
    ctx.outbox.on(CONFIRMATION_RESEND_REQUESTED_TOPIC, 'identity.confirmation-mail', (event, delivery) =>
      identity.mailConfirmation((event.payload as { email: string }).email, delivery),
    );
    installSessionResolver(app, identity);
    ctx.sweeps.every('identity.session-retention', SESSION_SWEEP_MS, async () => {
      const deleted = await sweepOldSessions(ctx.db, ctx.clock.now(), ctx.config.sessionRetentionDays);
      if (deleted > 0)
        ctx.log.info({ deleted, retentionDays: ctx.config.sessionRetentionDays }, 'identity: old sessions deleted');
    });
    // The cms module's licence choice asks for the signed-in player's country (docs/licences.md).
    app.decorate('orbitPlayerCountry', playerCountryOf);
    await signUpRoutes(identity, captcha.verifier)(app, ctx);
    await signInRoutes(identity, captcha.verifier)(app, ctx);
    await mailedLinkRoutes(identity, captcha.verifier)(app, ctx);
    await playerRoutes()(app, ctx);
    await twoFactorRoutes(identity)(app);
    await recoveryCodeRoutes(identity)(app);
    await sessionRoutes(identity)(app);
    await devMailboxRoutes(app, ctx);
    const profileSettings = {
      termsUpdatedAt: ctx.config.termsUpdatedAt,
      defaultLicence: ctx.config.defaultLicence,
      supportUrl: (locale: MailLocale) => `${publicBase(ctx.config)}${localePath(locale, '/support')}`,
    };
    const profile = new ProfileService(ctx.db, ctx.clock, ctx.mailer, ctx.log, identity, profileSettings);
    await profileRoutes(profile)(app, ctx);
    await subscriptionRoutes(profile)(app);
    await groupRoutes(profile)(app);
  },
  seed: seedIdentity,
};
