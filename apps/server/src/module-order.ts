import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from './platform/context';
import type { OrbitModule } from './platform/module';

/**
 * The modules in the order of their layers, lowest first (module-layers.json, the same list the
 * lint's layer rules are built from), and within a layer in the order listed there. A module
 * missing from the layers, or a name there that is no module, stops the server at start.
 */
export function inLayerOrder(all: OrbitModule[], layers: ReadonlyArray<{ modules: string[] }>): OrbitModule[] {
  const byName = new Map(all.map((m) => [m.name, m]));
  const names = layers.flatMap((layer) => layer.modules);
  const unplaced = all.filter((m) => !names.includes(m.name)).map((m) => m.name);
  if (unplaced.length > 0) throw new Error(`module ${unplaced.join(', ')} has no place in module-layers.json`);
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0) throw new Error(`module-layers.json names ${unknown.join(', ')}, which is no module`);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) throw new Error(`module-layers.json names ${twice.join(', ')} twice`);
  return names.map((name) => byName.get(name)!);
}

/** A module read a service (`app.orbit*`) that no module before it had registered. */
class ServiceNotYetRegistered extends Error {
  constructor(
    readonly reader: string,
    readonly service: string,
  ) {
    super(`${reader} asks for app.${service}, which is not registered yet`);
  }
}

/**
 * Registers each module's routes in order. The services modules hand each other are decorations
 * of the app (`app.orbitBonuses`, `app.orbitPreBetChecks`, ...): one read before its module
 * registered it would be `undefined`, and fail far from its cause (a TypeError at start, or in a
 * player's request). So while the modules register, reading an `orbit*` name the app does not
 * have stops the start with both modules named: the one that asked and the one that registers it
 * later (found by registering the rest, whose own failures then no longer matter).
 */
export async function registerModules(app: FastifyInstance, modules: OrbitModule[], ctx: ModuleContext): Promise<void> {
  let registering: string | undefined;
  const prototype = Object.getPrototypeOf(app) as object;
  // A read of a name the app has no property of ends in its prototype: watch it there.
  const watch = new Proxy(prototype, {
    get(target, key, receiver) {
      if (registering !== undefined && typeof key === 'string' && key.startsWith('orbit') && !(key in target)) {
        throw new ServiceNotYetRegistered(registering, key);
      }
      return Reflect.get(target, key, receiver);
    },
  });
  Object.setPrototypeOf(app, watch);
  let early: ServiceNotYetRegistered | undefined;
  try {
    for (const m of modules) {
      if (!m.routes) continue;
      const before = new Set(Object.getOwnPropertyNames(app));
      registering = m.name;
      try {
        await m.routes(app, ctx);
      } catch (error) {
        if (early) continue;
        if (!(error instanceof ServiceNotYetRegistered)) throw error;
        early = error;
        continue;
      } finally {
        registering = undefined;
      }
      if (early && Object.hasOwn(app, early.service) && !before.has(early.service)) {
        throw new Error(
          `${early.reader} asks for app.${early.service} while it registers, but ${m.name} registers that ` +
            `service after it: ${m.name} must come before ${early.reader} in module-layers.json (a lower layer)`,
        );
      }
    }
  } finally {
    Object.setPrototypeOf(app, prototype);
  }
  if (early)
    throw new Error(`${early.reader} asks for app.${early.service} while it registers, but no module registers it`);
}
