/**
 * What each role of the back office may do (docs/backoffice.md "Roles"). Seeded as data
 * (`backoffice_role_permissions`) and read from there at every call, so that an operator's
 * role change applies at their next call; `admin` holds every permission.
 */
import type { BackofficeRole } from '@orbit/contracts';

export const PERMISSIONS = [
  'operators.manage',
  'audit.read',
  'players.read',
  'players.notes',
  'players.sessions',
  'players.block',
  'players.groups',
  'limits.read',
  'limits.tighten',
  'payments.read',
  'cashouts.decide',
  'adjustments.create',
  'adjustments.approve',
  'kyc.review',
  'bonuses.grant',
  'bonuses.manage',
  'support.reply',
  'ledger.audit',
  'content.manage',
  'reports.read',
  'promotions.manage',
  'catalogue.manage',
  'reference.manage',
  'limits.defaults',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<BackofficeRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  support: [
    'players.read',
    'players.notes',
    'players.sessions',
    'players.block',
    'players.groups',
    'limits.read',
    'limits.tighten',
    'support.reply',
  ],
  finance: [
    'players.read',
    'payments.read',
    'cashouts.decide',
    'adjustments.create',
    'adjustments.approve',
    'ledger.audit',
    'reports.read',
    'reference.manage',
  ],
  risk: [
    'players.read',
    'players.block',
    'limits.read',
    'limits.tighten',
    'payments.read',
    'kyc.review',
    'reports.read',
    'limits.defaults',
  ],
  marketing: [
    'players.read',
    'players.groups',
    'bonuses.grant',
    'bonuses.manage',
    'content.manage',
    'promotions.manage',
    'catalogue.manage',
  ],
};
