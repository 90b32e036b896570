import type { Game } from '@orbit/contracts';

/**
 * What a game tile draws: the loaders keep only these fields of the API's games (a game
 * carries much more, e.g. a jackpot per currency), which keeps the page's HTML and the
 * serialized loader data small. Browser-fetched games (search, Load more) fit it as they are.
 */
export type GameView = Pick<
  Game,
  | 'identifier'
  | 'title'
  | 'seo_title'
  | 'provider'
  | 'provider_title'
  | 'preview'
  | 'badges'
  | 'has_demo_mode'
  | 'launchable'
> & {
  /**
   * The currencies the game is played in, with the game's id in each (the id favourites use); a
   * loader keeps the ids only (no jackpots). The tile's lock and favourite toggle read it.
   */
  currencies: Readonly<Record<string, { id: number }>>;
};
