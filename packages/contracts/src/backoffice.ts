/**
 * The back office's calls (`/api/backoffice/*`): operators' sign-in with mandatory two-factor,
 * their session, the operators, and the audit log (docs/backoffice.md).
 */
import { z } from 'zod';
import { INT32_MAX } from './bounds';
import { emailAddressSchema } from './rules/email';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from './rules/password';

/** The roles of the back office; what each may do is data on the server (docs/backoffice.md). */
export const BACKOFFICE_ROLES = ['admin', 'support', 'finance', 'risk', 'marketing'] as const;
export const backofficeRoleSchema = z.enum(BACKOFFICE_ROLES);
export type BackofficeRole = z.infer<typeof backofficeRoleSchema>;

// ---- POST /api/backoffice/sign_in ---------------------------------------------------------------
/** `otp`: the authenticator's code; left out only by an operator who has not set two-factor up yet. */
export const backofficeSignInRequestSchema = z.object({
  email: z.string().trim().max(1000),
  password: z.string().max(PASSWORD_MAX_LENGTH, 'too_long'),
  otp: z.string().trim().max(20).optional(),
});
export type BackofficeSignInRequest = z.infer<typeof backofficeSignInRequestSchema>;

/** The signed-in operator (`GET /api/backoffice/me`, and the answer of a sign-in). */
export const backofficeMeSchema = z.object({
  operator: z.object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: backofficeRoleSchema,
  }),
  /** False until the operator has confirmed a code: then every other call answers 403 `two_factor_setup_required`. */
  two_factor: z.boolean(),
  /** What the role may do (the server checks every call all the same). */
  permissions: z.array(z.string()),
});
export type BackofficeMe = z.infer<typeof backofficeMeSchema>;

// ---- POST /api/backoffice/two_factor/setup, /confirm ---------------------------------------------
export const backofficeTwoFactorSetupSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
});
export const backofficeTwoFactorConfirmRequestSchema = z.object({ otp: z.string().trim().max(20) });

// ---- operators -------------------------------------------------------------------------------------
export const backofficeOperatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: backofficeRoleSchema,
  active: z.boolean(),
  two_factor: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type BackofficeOperator = z.infer<typeof backofficeOperatorSchema>;

export const backofficeOperatorCreateRequestSchema = z.object({
  email: emailAddressSchema,
  name: z.string().trim().min(1, 'blank').max(100, 'too_long'),
  role: backofficeRoleSchema,
  /** The first password, handed to the operator; two-factor is set up at their first sign-in. */
  password: newPasswordSchema,
});
export type BackofficeOperatorCreateRequest = z.infer<typeof backofficeOperatorCreateRequestSchema>;

/** The admin changes an operator's role or switches the account off (their sessions end at once). */
export const backofficeOperatorUpdateRequestSchema = z
  .object({ role: backofficeRoleSchema.optional(), active: z.boolean({ message: 'invalid' }).optional() })
  .refine((v) => v.role !== undefined || v.active !== undefined, { message: 'blank', path: ['role'] });
export type BackofficeOperatorUpdateRequest = z.infer<typeof backofficeOperatorUpdateRequestSchema>;

/** A list page as react-admin's data provider reads it: the rows and how many there are in all. */
export const backofficeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});
/** A list sorted on the server: one of the list's sortable columns, ascending or descending. */
export const backofficeSortable = <C extends readonly [string, ...string[]]>(
  columns: C,
  field: C[number],
  order: 'ASC' | 'DESC',
) =>
  z.object({
    sort: z.enum(columns, { message: 'invalid' }).default(field as never),
    order: z.enum(['ASC', 'DESC'], { message: 'invalid' }).default(order),
  });
export const backofficeList = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int() });

export const OPERATOR_SORTS = ['id', 'email', 'name', 'role', 'created_at', 'last_sign_in_at'] as const;
export const backofficeOperatorsQuerySchema = backofficeListQuerySchema.extend(
  backofficeSortable(OPERATOR_SORTS, 'id', 'ASC').shape,
);
export type BackofficeOperatorsQuery = z.infer<typeof backofficeOperatorsQuerySchema>;
export const backofficeOperatorsResponseSchema = backofficeList(backofficeOperatorSchema);

// ---- GET /api/backoffice/audit_log ----------------------------------------------------------------
export const backofficeAuditQuerySchema = backofficeListQuerySchema.extend({
  operator_id: z.coerce.number().int().min(1).max(INT32_MAX, 'too_big').optional(),
  action: z.string().max(100).optional(),
  target_type: z.string().max(50).optional(),
  target_id: z.string().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type BackofficeAuditQuery = z.infer<typeof backofficeAuditQuerySchema>;
/** `GET /api/backoffice/audit_log.csv`: the same filters, every matching entry (up to 100,000). */
export const backofficeAuditCsvQuerySchema = backofficeAuditQuerySchema.omit({ page: true, per_page: true });

export const backofficeAuditEntrySchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  at: z.string(),
  operator_id: z.number().int().nullable(),
  actor: z.string(),
  role: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  hash: z.string(),
});
export type BackofficeAuditEntry = z.infer<typeof backofficeAuditEntrySchema>;
export const backofficeAuditResponseSchema = backofficeList(backofficeAuditEntrySchema);

// ---- GET /api/backoffice/players ------------------------------------------------------------------
/** `q`: an id, part of an address, nickname, name or phone number, or a session's IP address. */
export const PLAYER_SORTS = ['id', 'email', 'created_at', 'last_sign_in_at'] as const;
export const backofficePlayersQuerySchema = backofficeListQuerySchema
  .extend({ q: z.string().max(200).default('') })
  .extend(backofficeSortable(PLAYER_SORTS, 'id', 'DESC').shape);
export type BackofficePlayersQuery = z.infer<typeof backofficePlayersQuerySchema>;
export const backofficePlayerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  country: z.string(),
  currency: z.string(),
  confirmed: z.boolean(),
  two_factor: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export const backofficePlayersResponseSchema = backofficeList(backofficePlayerRowSchema);
