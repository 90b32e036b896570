/**
 * The player's own profile: details by form context, password change, language, promo opt-ins,
 * groups and tiers, sign-in figures. The users row stays owned by this module (one owner of the
 * player), so the "players area" lives here rather than in a module of its own.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Licence,
  Player,
  PlayerStats,
  PlayerUpdateRequest,
  ProfileUpdateContext,
  Subscriptions,
} from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { mailLocale, type MailLocale } from '../../platform/mail-layout';
import { changeGroups, judgeGroupChange, listGroups, membershipsFromIds, membershipsOf, toStatus } from './groups';
import { passwordChangedMail } from './mails';
import { hashPassword, verifyPassword } from './passwords';
import { toPlayer, type UserRow } from './player';
import { judgeProfileUpdate } from './profile-rules';
import { emailTokens, sessions, users } from './schema';
import type { CurrentPlayer, IdentityService, RequestMeta } from './service';

/** What the player answer reads of the settings: when the terms last changed, the default licence. */
export type PlayerAnswerSettings = { termsUpdatedAt: Date | undefined; defaultLicence: Licence };

/** Whether a player's identity is verified: told by the verification module (which builds on this one). */
type VerifiedSource = (db: Executor, userId: number) => Promise<boolean>;
let verifiedSource: VerifiedSource | null = null;

/** The verification module's answer to "is this player verified" (the player answer's `verified`). */
export function setPlayerVerifiedSource(source: VerifiedSource): void {
  verifiedSource = source;
}

/** The player answer with groups, tier, the terms rule and the player's licence filled in. */
export async function presentPlayer(
  db: Executor,
  user: UserRow,
  settings: PlayerAnswerSettings,
  groupIds?: readonly number[],
): Promise<Player> {
  // With the ids the session lookup brought, no further query (every signed-in page asks for the player).
  const memberships = groupIds ? await membershipsFromIds(db, groupIds) : await membershipsOf(db, user.id);
  return toPlayer(user, {
    memberships,
    termsUpdatedAt: settings.termsUpdatedAt,
    defaultLicence: settings.defaultLicence,
    verified: verifiedSource ? await verifiedSource(db, user.id) : false,
  });
}

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly identity: Pick<IdentityService, 'refuseWhenLocked' | 'recordFailure'>,
    private readonly settings: PlayerAnswerSettings & { supportUrl: (locale: MailLocale) => string },
  ) {}

  present(user: UserRow): Promise<Player> {
    return presentPlayer(this.db, user, this.settings);
  }

  /** PATCH /api/player: all of the change or none of it (see profile-rules.ts). */
  async update(
    user: UserRow,
    input: PlayerUpdateRequest,
    opts: { licence: Licence; countries: ReadonlySet<string> },
  ): Promise<Player> {
    const judged = judgeProfileUpdate(
      { context: input.context as ProfileUpdateContext | undefined, user: input.user },
      user,
      {
        ...opts,
        today: this.clock.now(),
      },
    );
    if (!judged.ok) throw AppError.validation(judged.errors);
    if (!Object.keys(judged.changes).length) return this.present(user);
    const [updated] = await this.db.update(users).set(judged.changes).where(eq(users.id, user.id)).returning();
    return this.present(updated!);
  }

  /**
   * Changes the password with the current one. A wrong current password counts as a failed
   * sign-in of the address and the IP (so a stolen session cannot guess it), and the sign-in lock
   * applies. Ends every other session, keeps this one; earlier reset links and half-done
   * two-factor sign-ins die (they rest on the old password); mails a notice.
   */
  async changePassword(
    current: CurrentPlayer,
    input: { current_password: string; password: string },
    meta: RequestMeta,
  ): Promise<void> {
    const { user, session } = current;
    const now = this.clock.now();
    await this.identity.refuseWhenLocked(user.email, meta.ip, now);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      await this.identity.recordFailure(user.email, meta.ip, now);
      throw AppError.validation({ current_password: ['invalid'] });
    }
    const passwordHash = await hashPassword(input.password);
    const mailId = await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await tx
        .update(sessions)
        .set({ endedAt: now })
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.id), isNull(sessions.endedAt)));
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.userId, user.id),
            inArray(emailTokens.purpose, ['password_reset', 'two_factor_sign_in']),
            isNull(emailTokens.usedAt),
          ),
        );
      return this.mailer.enqueue(
        tx,
        passwordChangedMail(user, now, this.settings.supportUrl(mailLocale(user.language))),
      );
    });
    this.mailer.deliver([mailId]).catch((error: unknown) => this.log.error({ err: error }, 'mail delivery failed'));
  }

  /** The site language the player reads; `available` is the site's locale list (GET /api/info/locales). */
  async updateLocale(user: UserRow, locale: string, available: ReadonlyArray<string>): Promise<void> {
    if (!available.includes(locale)) throw AppError.validation({ locale: ['invalid'] });
    await this.db.update(users).set({ language: locale }).where(eq(users.id, user.id));
  }

  subscriptions(user: UserRow): Subscriptions {
    return { receive_promos: user.receivePromos, receive_sms_promos: user.receiveSmsPromos };
  }

  async updateSubscriptions(user: UserRow, input: Partial<Subscriptions>): Promise<Subscriptions> {
    const [updated] = await this.db
      .update(users)
      .set({
        ...(input.receive_promos !== undefined ? { receivePromos: input.receive_promos } : {}),
        ...(input.receive_sms_promos !== undefined ? { receiveSmsPromos: input.receive_sms_promos } : {}),
      })
      .where(eq(users.id, user.id))
      .returning();
    return this.subscriptions(updated!);
  }

  async statuses() {
    return (await listGroups(this.db)).map(toStatus);
  }

  /** Joins and leaves writable groups; any unknown or house-only id refuses the whole request. */
  async changeGroups(user: UserRow, add: ReadonlyArray<number>, remove: ReadonlyArray<number>): Promise<Player> {
    const codes = judgeGroupChange(await listGroups(this.db), [...add, ...remove]);
    if (codes.length) throw AppError.validation({ groups: codes });
    await this.db.transaction((tx) => changeGroups(tx, user.id, add, remove, this.clock.now()));
    return this.present(user);
  }

  stats(user: UserRow): PlayerStats {
    return {
      sign_in_count: user.signInCount,
      current_sign_in_at: user.currentSignInAt?.toISOString() ?? null,
      last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
      created_at: user.createdAt.toISOString(),
    };
  }
}
