/**
 * The architecture's layers (docs/architecture.md "Layers") as `npm run lint` enforces them:
 * each rule of .dependency-cruiser.cjs is shown exactly one deliberate violation in a small
 * fixture tree shaped like the repository (tests/unit/fixtures/layers) and must name it, and must
 * leave the allowed imports in the same tree alone. A rule that matched nothing would pass lint
 * forever; a new rule without its case in the fixture fails here.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const fixtures = path.join(root, 'tests/unit/fixtures/layers');

type Violation = { rule: string; from: string; to: string };

let cruised: Promise<Violation[]> | undefined;
/** The fixture tree's violations (cruised once for both tests). */
function violations(): Promise<Violation[]> {
  cruised ??= cruise(['apps', 'packages'], {
    baseDir: fixtures,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    tsPreCompilationDeps: true,
    outputType: 'json',
  }).then((result) => {
    const output = (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
    return (output.summary.violations ?? []).map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  });
  return cruised;
}

describe('the layer rules', () => {
  it('each trip exactly once in the fixture tree', async () => {
    const found = await violations();
    const times = (name: string) => found.filter((v) => v.rule === name).length;
    const rules = (config.forbidden ?? []).map((rule) => rule.name ?? '(a rule without a name)');
    expect(rules.length).toBeGreaterThan(20);
    // Every rule of the config, by name: 1 (0 = the rule has no case in the fixture yet).
    expect(Object.fromEntries(rules.map((name) => [name, times(name)]))).toEqual(
      Object.fromEntries(rules.map((name) => [name, 1])),
    );
    expect(found).toHaveLength(rules.length);
  });

  it('name every deliberate violation in the fixture tree, and nothing else', async () => {
    const modules = 'apps/server/src/modules';
    expect((await violations()).map((v) => `${v.rule}: ${v.from} → ${v.to}`).sort()).toEqual(
      [
        // A lower module importing a higher one, also type-only (wallet → identity).
        `server-module-layer-wallet: ${modules}/wallet/index.ts → ${modules}/identity/index.ts`,
        `server-module-layer-identity: ${modules}/identity/index.ts → ${modules}/limits/index.ts`,
        `server-module-layer-limits-support: ${modules}/limits/index.ts → ${modules}/bonuses/index.ts`,
        `server-module-layer-bonuses: ${modules}/bonuses/index.ts → ${modules}/loyalty/index.ts`,
        `server-module-layer-loyalty: ${modules}/loyalty/index.ts → ${modules}/promotions/index.ts`,
        `server-module-layer-promotions: ${modules}/promotions/index.ts → ${modules}/notifications/index.ts`,
        `server-module-layer-notifications: ${modules}/notifications/index.ts → ${modules}/backoffice/index.ts`,
        `server-module-layer-reports: ${modules}/reports/index.ts → ${modules}/backoffice/index.ts`,
        // Peers of one layer.
        `server-module-layer-cms-jackpots: ${modules}/cms/index.ts → ${modules}/jackpots/index.ts`,
        `server-module-layer-games-verification-cashbox-realtime-telemetry: ${modules}/games/index.ts → ${modules}/cashbox/index.ts`,
        `server-module-has-a-layer: ${modules}/newthing/index.ts → ${modules}/cashbox/index.ts`,
        `server-module-through-index: ${modules}/limits/index.ts → ${modules}/cashbox/fees.ts`,
        `server-platform-below-modules: apps/server/src/platform/clock.ts → ${modules}/cashbox/index.ts`,
        `server-modules-not-to-sandbox-psp: ${modules}/cashbox/psp.ts → apps/sandbox-psp/src/index.ts`,
        `server-modules-not-to-studio: ${modules}/games/studio.ts → apps/studio/src/index.ts`,
        'backoffice-app-apart: apps/web/app/lib/operators.ts → apps/backoffice/src/App.ts',
        'backoffice-app-through-api: apps/backoffice/src/App.ts → apps/server/src/platform/clock.ts',
        'server-not-to-web: apps/server/src/platform/http/web.ts → apps/web/app/routes/home.ts',
        'web-shared-below-features: apps/web/app/ui/button.ts → apps/web/app/features/lobby/lobby.ts',
        'web-shared-below-routes: apps/web/app/lib/api.ts → apps/web/app/routes/home.ts',
        'web-features-below-routes: apps/web/app/features/cashier/cashier.ts → apps/web/app/routes/home.ts',
        'web-features-independent: apps/web/app/features/lobby/lobby.ts → apps/web/app/features/cashier/cashier.ts',
        `web-not-to-server-or-studio: apps/web/app/lib/server.ts → ${modules}/cashbox/index.ts`,
        'web-not-to-sandbox-psp: apps/web/app/lib/pay.ts → apps/sandbox-psp/src/index.ts',
        'studio-not-to-server-or-web: apps/studio/src/index.ts → apps/web/app/routes/home.ts',
        'sandbox-psp-stands-alone: apps/sandbox-psp/src/index.ts → packages/contracts/src/index.ts',
        'contracts-not-to-apps: packages/contracts/src/index.ts → apps/web/app/routes/home.ts',
        'no-circular: apps/web/app/lib/loop.ts → apps/web/app/lib/loop.ts',
      ].sort(),
    );
  });
});
