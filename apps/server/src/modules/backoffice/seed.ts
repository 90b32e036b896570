import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { SeedOptions } from '../../platform/module';
import { hashPassword } from '../identity';
import { ROLE_PERMISSIONS } from './permissions';
import { backofficeRolePermissions, operators } from './schema';

/** The demo casino's admin (README "Demo content"): public credentials, the demo only. */
export const DEMO_ADMIN = {
  email: 'admin@orbit.example',
  name: 'Demo Admin',
  password: 'Orbit-Admin-2026',
  /** Base32; an authenticator app given it shows the admin's codes. */
  otpSecret: 'JBSWY3DPEHPK3PXP',
} as const;

/** The roles' permissions as ROLE_PERMISSIONS says (rewritten: a permission taken away goes), and the demo admin. */
export async function seedBackoffice(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(backofficeRolePermissions);
    await tx
      .insert(backofficeRolePermissions)
      .values(
        Object.entries(ROLE_PERMISSIONS).flatMap(([role, permissions]) =>
          permissions.map((permission) => ({ role, permission })),
        ),
      );
  });
  if (!options.demoPlayer) return;
  const [existing] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`lower(${operators.email}) = ${DEMO_ADMIN.email}`);
  if (existing) return;
  await db
    .insert(operators)
    .values({
      email: DEMO_ADMIN.email,
      name: DEMO_ADMIN.name,
      role: 'admin',
      passwordHash: await hashPassword(DEMO_ADMIN.password),
      otpSecret: DEMO_ADMIN.otpSecret,
      createdAt: new Date(),
    })
    .onConflictDoNothing();
}
