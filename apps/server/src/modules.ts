import type { OrbitModule } from './platform/module';

/**
 * The business modules, in seed order (reference data before what refers to it).
 * Each entry is the module's public face from its index.ts.
 */
export const modules: OrbitModule[] = [];
