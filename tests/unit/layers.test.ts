/**
 * The architecture's layers (docs/architecture.md "Layers") as `npm run lint` enforces them:
 * each rule of .dependency-cruiser.cjs is shown a deliberate violation in a small fixture tree
 * shaped like the repository (tests/unit/fixtures/layers) and must name it, and must leave the
 * allowed import in the same tree alone. A rule that matched nothing would pass lint forever.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const fixtures = path.join(root, 'tests/unit/fixtures/layers');

async function violations(): Promise<string[]> {
  const result = await cruise(['apps'], {
    baseDir: fixtures,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    tsPreCompilationDeps: true,
    outputType: 'json',
  });
  const output = (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
  return (output.summary.violations ?? []).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the layer rules', () => {
  it('name every deliberate violation in the fixture tree, and nothing else', async () => {
    const modules = 'apps/server/src/modules';
    expect(await violations()).toEqual(
      [
        // A lower module importing a higher one, also type-only (wallet → identity).
        `server-module-layer-wallet: ${modules}/wallet/index.ts → ${modules}/identity/index.ts`,
        `server-module-layer-identity: ${modules}/identity/index.ts → ${modules}/limits/index.ts`,
        // Peers of one layer.
        `server-module-layer-games-cashbox-verification-realtime: ${modules}/games/index.ts → ${modules}/cashbox/index.ts`,
        `server-module-has-a-layer: ${modules}/newthing/index.ts → ${modules}/cashbox/index.ts`,
        `server-platform-below-modules: apps/server/src/platform/clock.ts → ${modules}/cashbox/index.ts`,
        'web-shared-below-features: apps/web/app/ui/button.ts → apps/web/app/features/lobby/lobby.ts',
        'web-shared-below-routes: apps/web/app/lib/api.ts → apps/web/app/routes/home.ts',
      ].sort(),
    );
  });
});
