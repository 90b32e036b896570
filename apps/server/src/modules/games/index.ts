/**
 * The games module's public face: the catalogue (providers, categories, games, collections, covers)
 * and each player's favourite and played games. Other modules report plays with `recordPlayed`.
 */
import type { OrbitModule } from '../../platform/module';
import { PlayerGamesService } from './player-games';
import { playerGamesRoutes } from './player-games-routes';
import { gamesRoutes } from './routes';
import { seedGames } from './seed';
import { GamesService } from './service';

export { GamesService } from './service';
export { PlayerGamesService, recordPlayed } from './player-games';
export { coverSvg, motifFor } from './covers';

export const gamesModule: OrbitModule = {
  name: 'games',
  routes: async (app, ctx) => {
    const catalogue = new GamesService(ctx.db);
    await gamesRoutes(catalogue)(app, ctx);
    await playerGamesRoutes(new PlayerGamesService(ctx.db, ctx.clock, catalogue))(app, ctx);
  },
  seed: seedGames,
};
