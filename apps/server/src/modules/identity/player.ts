import type { Player } from '@orbit/contracts';
import type { users } from './schema';

export type UserRow = typeof users.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The player as GET /api/player answers it. Fields whose owners are not built yet (profile
 * details, statuses and levels, KYC, bonuses) answer their empty value.
 */
export function toPlayer(user: UserRow): Player {
  return {
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    first_name: null,
    last_name: null,
    gender: null,
    date_of_birth: null,
    country: user.country,
    city: null,
    address: null,
    postal_code: null,
    state: null,
    mobile_phone: null,
    receive_promos: user.receivePromos,
    receive_sms_promos: user.receiveSmsPromos,
    currency: user.currency,
    language: user.language,
    statuses: [],
    groups: [],
    confirmed_at: iso(user.confirmedAt),
    created_at: user.createdAt.toISOString(),
    current_sign_in_at: iso(user.currentSignInAt),
    verified: false,
    sumsub_verified: false,
    two_factor_enabled: user.twoFactorEnabled,
    // The terms popup shows when this lists terms_acceptance (platform-core.md §4).
    auth_fields_missed: user.termsAcceptedAt ? [] : ['terms_acceptance'],
    can_issue_bonuses: true,
    deposit_bonus_code: null,
    autoregistered: false,
    autologin_link: null,
    license_name: null,
    sow_questionnaire_expires_at: null,
    level: null,
  };
}
