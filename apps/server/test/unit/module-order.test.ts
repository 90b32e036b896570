/**
 * The modules register in the order of their layers (module-layers.json, the lint's list too), and
 * a module that asks for a service (`app.orbit*`) registered after it stops the start with both
 * modules named (src/module-order.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import moduleLayers from '../../src/module-layers.json';
import { inLayerOrder, registerModules } from '../../src/module-order';
import { modules } from '../../src/modules';
import type { ModuleContext } from '../../src/platform/context';
import type { OrbitModule } from '../../src/platform/module';

const ctx = {} as ModuleContext;
type Services = FastifyInstance & { orbitTills?: { add(name: string): void }; orbitChecks?: Set<string> };

/** Registers the tills service (app.orbitTills). */
const cashier: OrbitModule = {
  name: 'cashier',
  routes: async (app) => {
    app.decorate('orbitTills', { add: () => undefined });
  },
};
/** Adds itself to the tills at start. */
const floor: OrbitModule = {
  name: 'floor',
  routes: async (app) => {
    (app as Services).orbitTills!.add('floor');
  },
};

describe('the server modules', () => {
  it('register in the order of module-layers.json, every module in it once', () => {
    expect(modules.map((m) => m.name)).toEqual(moduleLayers.flatMap((layer) => layer.modules));
  });

  it('stop the start when a module has no layer, or a layer names no module', () => {
    expect(() => inLayerOrder([cashier, floor], [{ modules: ['cashier'] }])).toThrow(
      'module floor has no place in module-layers.json',
    );
    expect(() => inLayerOrder([cashier], [{ modules: ['cashier', 'vault'] }])).toThrow(
      'module-layers.json names vault, which is no module',
    );
    expect(inLayerOrder([floor, cashier], [{ modules: ['cashier'] }, { modules: ['floor'] }])).toEqual([
      cashier,
      floor,
    ]);
  });

  it('find the services of the modules registered before them', async () => {
    const app = Fastify();
    await registerModules(app, [cashier, floor], ctx);
    expect((app as Services).orbitTills).toBeDefined();
    // The watch is gone once the modules are in: a request may probe an optional service.
    expect((app as Services).orbitChecks).toBeUndefined();
    await app.close();
  });

  it('stop the start naming both modules when one asks for a service registered after it', async () => {
    const app = Fastify();
    await expect(registerModules(app, [floor, cashier], ctx)).rejects.toThrow(
      'floor asks for app.orbitTills while it registers, but cashier registers that service after it: ' +
        'cashier must come before floor in module-layers.json (a lower layer)',
    );
    expect((app as Services).orbitChecks).toBeUndefined();
  });

  it('stop the start when a module asks for a service no module registers', async () => {
    await expect(registerModules(Fastify(), [floor], ctx)).rejects.toThrow(
      'floor asks for app.orbitTills while it registers, but no module registers it',
    );
  });
});
