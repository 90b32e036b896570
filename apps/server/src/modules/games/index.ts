/** The games module's public face: the catalogue (providers, categories, games, collections, covers). */
import type { OrbitModule } from '../../platform/module';
import { gamesRoutes } from './routes';
import { seedGames } from './seed';
import { GamesService } from './service';

export { GamesService } from './service';
export { coverSvg, motifFor } from './covers';

export const gamesModule: OrbitModule = {
  name: 'games',
  routes: (app, ctx) => gamesRoutes(new GamesService(ctx.db))(app, ctx),
  seed: seedGames,
};
