import { z } from 'zod';
/*
 * Identity: registration, sign-in, sessions, confirmation and password reset. Field rules come
 * from ./rules (docs/rules/fields.md), each failure's message its stable code.
 */
import {
  emailAddressSchema,
  mustBeAcceptedSchema,
  newPasswordSchema,
  playerNicknameSchema,
  PASSWORD_MAX_LENGTH,
} from './rules';

const signupCurrencySchema = z.string().regex(/^[A-Z]{3,4}$/, 'invalid_currency');
const countrySchema = z.string().regex(/^[A-Z]{2}$/, 'invalid_country');

// ---- POST /api/users ----------------------------------------------------------------------------

export const signUpRequestSchema = z.object({
  user: z
    .object({
      email: emailAddressSchema,
      password: newPasswordSchema,
      password_confirmation: z.string().max(PASSWORD_MAX_LENGTH, 'too_long').optional(),
      currency: signupCurrencySchema,
      /** Optional: without it the server takes the visitor's country, else the licence's default. */
      country: countrySchema.optional(),
      terms_acceptance: mustBeAcceptedSchema,
      /** Sent by some front ends beside the terms; the age is checked when the birth date is given. */
      age_acceptance: z.boolean().optional(),
      receive_promos: z.boolean().optional(),
      receive_sms_promos: z.boolean().optional(),
      nickname: playerNicknameSchema.nullable().optional(),
      /** Device fingerprint; kept for fraud checks later. */
      dfpc: z.string().max(512).optional(),
      captcha: z.string().max(4096).optional(),
      /** The page's locale (`de`, `fr-CA` ...): the player's mails are written in it. Without it, the request's `locale` or `Accept-Language` header. */
      locale: z.string().max(35).optional(),
    })
    .refine((u) => u.password_confirmation === undefined || u.password_confirmation === u.password, {
      message: 'does_not_match',
      path: ['password_confirmation'],
    }),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

// ---- POST /check-email ----------------------------------------------------------------------------

export const checkEmailRequestSchema = z.object({ email: z.string().max(1000) });
/** Whether the address can be used to register, judged by its form only: never says whether it is taken. */
export const checkEmailResponseSchema = z.object({ valid: z.boolean() });
export type CheckEmailResponse = z.infer<typeof checkEmailResponseSchema>;

// ---- POST /api/users/sign_in --------------------------------------------------------------------

/**
 * Email and password; with two-factor on, the first call answers 422 `otp_attempt: ['required']`
 * and the second carries only `otp_attempt` (the half-done sign-in is kept server-side, named by
 * a cookie). Email and password are required whenever `otp_attempt` is absent (checked by the server).
 */
export const signInRequestSchema = z.object({
  user: z.object({
    email: z.string().max(1000).optional(),
    password: z.string().max(1000).optional(),
    /** A TOTP code, or a recovery code (`ABCDE-FGHJK`, spent by the sign-in). */
    otp_attempt: z.string().max(20).optional(),
    dfpc: z.string().max(512).optional(),
    captcha: z.string().max(4096).optional(),
  }),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

// ---- /api/v2/player/two_factor ----------------------------------------------------------------------

/** A TOTP secret: 20 bytes in RFC 4648 base32, no padding (32 characters). */
export const otpSecretSchema = z.string().regex(/^[A-Z2-7]{32}$/, 'invalid');
/**
 * A 6-digit TOTP code, or (where the call says so) a recovery code (`ABCDE-FGHJK`; case, dashes
 * and spaces do not matter); anything else is simply not a valid code (judged by the server as `invalid`).
 */
const authenticationCodeSchema = z.string().max(20);
/** Recovery codes as handed out: 10 of them, each `ABCDE-FGHJK`, shown once. */
const recoveryCodesSchema = z.array(z.string());

/** GET: a new secret for the authenticator app and its `otpauth://` URI as a QR image (data URL). */
export const twoFactorSetupResponseSchema = z.object({ otp_secret: z.string(), data: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>;
/** POST: the secret the GET handed out, with a code from it, turns two-factor on. */
export const twoFactorEnableRequestSchema = z.object({
  two_factor: z.object({ otp_secret: otpSecretSchema, authentication_code: authenticationCodeSchema }),
});
/** POST's answer: the 10 recovery codes, the only time they are shown (a body the older front ends ignore). */
export const twoFactorEnableResponseSchema = z.object({ recovery_codes: recoveryCodesSchema });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;
/** DELETE: a current code, or a recovery code, turns two-factor off (and deletes the recovery codes). */
export const twoFactorDisableRequestSchema = z.object({
  two_factor: z.object({ authentication_code: authenticationCodeSchema }),
});

// ---- /api/v2/player/two_factor/recovery_codes ---------------------------------------------------------

/** GET: how many recovery codes are still unused (422 `base: ['not_enabled']` when two-factor is off). */
export const twoFactorRecoveryCodesLeftResponseSchema = z.object({ left: z.number().int().min(0) });
export type TwoFactorRecoveryCodesLeft = z.infer<typeof twoFactorRecoveryCodesLeftResponseSchema>;
/** POST: a current code, or a recovery code, replaces all recovery codes with 10 new ones. */
export const twoFactorRecoveryCodesRequestSchema = z.object({
  two_factor: z.object({ authentication_code: authenticationCodeSchema }),
});
/** POST's answer: the 10 new recovery codes, shown once; the earlier ones no longer work. */
export const twoFactorRecoveryCodesResponseSchema = z.object({ recovery_codes: recoveryCodesSchema });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesResponseSchema>;

// ---- confirmation and password reset ------------------------------------------------------------

export const confirmationQuerySchema = z.object({ confirmation_token: z.string().max(200).optional() });
export const resendConfirmationRequestSchema = z.object({
  user: z.object({ email: z.string().max(1000), captcha: z.string().max(4096).optional() }),
});
export const passwordResetRequestSchema = z.object({
  user: z.object({ email: z.string().max(1000), captcha: z.string().max(4096).optional() }),
});
export const passwordChangeRequestSchema = z.object({
  user: z
    .object({
      reset_password_token: z.string().max(200),
      password: newPasswordSchema,
      password_confirmation: z.string().max(PASSWORD_MAX_LENGTH, 'too_long').optional(),
    })
    .refine((u) => u.password_confirmation === undefined || u.password_confirmation === u.password, {
      message: 'does_not_match',
      path: ['password_confirmation'],
    }),
});

/** The answer of calls that say nothing on purpose (resend confirmation, password reset mail). */
export const emptyResponseSchema = z.object({});

// ---- GET /api/player ------------------------------------------------------------------------------

const isoTime = z.string();

export const playerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  state: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  /** Exactly 11 characters where the country uses one (asked by the cashout form). */
  personal_id_number: z.string().nullable(),
  /** IANA name; limits count their days in it (null: not chosen, UTC is used). */
  time_zone: z.string().nullable(),
  receive_promos: z.boolean(),
  receive_sms_promos: z.boolean(),
  currency: z.string(),
  language: z.string(),
  statuses: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })),
  groups: z.array(z.unknown()),
  confirmed_at: isoTime.nullable(),
  created_at: isoTime,
  current_sign_in_at: isoTime.nullable(),
  verified: z.boolean(),
  sumsub_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  auth_fields_missed: z.array(z.string()),
  can_issue_bonuses: z.boolean(),
  deposit_bonus_code: z.string().nullable(),
  autoregistered: z.boolean(),
  autologin_link: z.string().nullable(),
  license_name: z.string().nullable(),
  sow_questionnaire_expires_at: isoTime.nullable(),
  level: z
    .object({
      id: z.string(),
      name: z.string(),
      conditions: z.object({
        persistent_comp_points: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
      }),
    })
    .nullable(),
});
export type Player = z.infer<typeof playerSchema>;

// ---- GET /api/player/sessions ---------------------------------------------------------------------

export const playerSessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: isoTime,
  current: z.boolean(),
});
export const playerSessionsResponseSchema = z.array(playerSessionSchema);
export type PlayerSession = z.infer<typeof playerSessionSchema>;

// ---- GET /api/dev/mailbox (development only) -------------------------------------------------------

export const devMailboxQuerySchema = z.object({ to: z.string().max(254).optional() });
export const devMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: isoTime,
});
export const devMailboxResponseSchema = z.array(devMailSchema);
export type DevMail = z.infer<typeof devMailSchema>;
