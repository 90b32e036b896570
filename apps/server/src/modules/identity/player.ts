import { inArray } from 'drizzle-orm';
import { licenceOfCountry, type Licence, type Player } from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { maskedName } from '../jackpots';
import { LEVEL_SEED, type PlayerGroupRow } from './groups';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What the player answer needs beyond the row: groups and tier, when the terms last changed, and
 * the default licence (the player's licence is their country's, else that one: docs/licences.md).
 */
export type PlayerExtras = {
  memberships?: ReadonlyArray<PlayerGroupRow>;
  termsUpdatedAt?: Date | undefined;
  defaultLicence?: Licence;
  /** An approved identity document (the verification module says so through `setPlayerVerifiedSource`). */
  verified?: boolean;
};

/**
 * The player as GET /api/player answers it. `verified` comes from the verification module
 * (`extras.verified`); fields of services Orbit does not use (Sumsub, auto-registration, the
 * source-of-wealth questionnaire) answer their empty value (docs/rules/fields.md "The player's
 * KYC fields"). `date_of_birth` is ISO (YYYY-MM-DD).
 */
export function toPlayer(user: UserRow, extras: PlayerExtras = {}): Player {
  const memberships = extras.memberships ?? [];
  // The loyalty level; a player from before the levels existed is on the first until points move them.
  const tier =
    memberships.filter((g) => g.kind === 'level').sort((a, b) => (b.rank ?? 0) - (a.rank ?? 0))[0] ??
    (extras.memberships ? { ...LEVEL_SEED[0]!, kind: 'level' as const, writable: false } : undefined);
  // Not accepted yet, or accepted before the terms last changed: the page asks again.
  const termsMissed =
    !user.termsAcceptedAt || (extras.termsUpdatedAt !== undefined && user.termsAcceptedAt < extras.termsUpdatedAt);
  return {
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    first_name: user.firstName,
    last_name: user.lastName,
    gender: user.gender,
    date_of_birth: user.dateOfBirth,
    country: user.country,
    city: user.city,
    address: user.address,
    postal_code: user.postalCode,
    state: user.state,
    mobile_phone: user.mobilePhone,
    personal_id_number: user.personalIdNumber,
    time_zone: user.timeZone,
    receive_promos: user.receivePromos,
    receive_sms_promos: user.receiveSmsPromos,
    currency: user.currency,
    language: user.language,
    statuses: memberships.map((g) => ({ id: g.id, name: g.name })),
    groups: memberships.map((g) => g.id),
    confirmed_at: iso(user.confirmedAt),
    created_at: user.createdAt.toISOString(),
    current_sign_in_at: iso(user.currentSignInAt),
    verified: extras.verified ?? false,
    sumsub_verified: false,
    two_factor_enabled: user.twoFactorEnabled,
    // The terms popup shows when this lists terms_acceptance (docs/identity.md).
    auth_fields_missed: termsMissed ? ['terms_acceptance'] : [],
    can_issue_bonuses: user.canIssueBonuses,
    deposit_bonus_code: user.depositBonusCode,
    autoregistered: false,
    autologin_link: null,
    // The licence the player is served under on a host that does not choose one (EE, AU or the default).
    license_name: extras.defaultLicence ? licenceOfCountry(user.country, extras.defaultLicence) : null,
    sow_questionnaire_expires_at: null,
    level: tier
      ? {
          id: `level_${tier.rank ?? 1}`,
          name: tier.name,
          conditions: { persistent_comp_points: { min: tier.minPoints, max: tier.maxPoints } },
        }
      : null,
  };
}

/** Each player's currency (the one chosen at registration: VIP thresholds are counted in it), many at once. */
export async function playerCurrencies(db: Executor, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, currency: users.currency })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r.currency]));
}

/**
 * Each player's saved locale (chosen at sign-up, changed by `PATCH /api/player/update_locale`),
 * many at once: what a live push is written in, having no request (docs/localisation.md).
 */
export async function playerLocales(db: Executor, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.language]));
}

/**
 * Players' names as public lists show them (leaderboards, lottery winners), many at once: the
 * nickname, else a masked name, as jackpot winners are shown (never a player's id).
 */
export async function publicNames(db: Executor, userIds: readonly number[]): Promise<(userId: number) => string> {
  const rows = userIds.length
    ? await db
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(inArray(users.id, [...userIds]))
    : [];
  const nicknames = new Map(rows.flatMap((r) => (r.nickname ? [[r.id, r.nickname] as const] : [])));
  return (userId) => nicknames.get(userId) ?? maskedName(`player${userId}`);
}
