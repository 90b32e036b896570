/**
 * The bonus engine's parts, each built on the ones it leans on: the templates and the bonuses'
 * lifecycle first, then the grants, the free spins, issuing and wagering. The free spins issue
 * their winnings through the grants, which give free spins: the one link set once both exist.
 */
import { publicBase } from '../../platform/config';
import type { ModuleContext } from '../../platform/context';
import { Ledger } from '../wallet';
import { FreespinsService } from './freespins';
import { BonusGrantsService } from './grants';
import { BonusIssuing } from './issuing';
import { BonusLifecycle } from './lifecycle';
import { BonusTemplates } from './templates';
import { BonusWagering } from './wagering';

export function bonusEngine(ctx: ModuleContext) {
  const templates = new BonusTemplates(ctx.db, ctx.clock);
  const lifecycle = new BonusLifecycle(ctx.db, ctx.clock, new Ledger(ctx.clock), ctx.log);
  const grants = new BonusGrantsService(ctx.db, templates, lifecycle);
  const freespins = new FreespinsService(
    ctx.db,
    ctx.clock,
    grants,
    { publicBase: publicBase(ctx.config), fetch: ctx.fetch ?? ((url, init) => fetch(url, init)) },
    ctx.log,
  );
  grants.freespins = freespins;
  const issuing = new BonusIssuing(ctx.db, ctx.clock, templates, lifecycle, freespins);
  const wagering = new BonusWagering(lifecycle);
  return { templates, lifecycle, grants, freespins, issuing, wagering };
}
