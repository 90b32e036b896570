export { GameTile, GameGrid, COVER_HEIGHT, COVER_WIDTH, useTileViewer } from './game-tile';
export { FavouriteGames } from './favourite-games';
export { GameRow } from './game-row';
export { PagedGameList } from './paged-game-list';
export { demoHref, gamePath, playHref, visitorPlayHref } from './links';
export type { GameView } from './game-view';
