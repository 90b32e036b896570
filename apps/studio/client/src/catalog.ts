/** The studio's games as the client knows them (titles and what kind of game each is). */
export type GameKind = 'slot' | 'roulette' | 'dice' | 'crash' | 'plinko' | 'keno' | 'cards';

export const GAME_INFO: Readonly<Record<string, { title: string; kind: GameKind }>> = {
  'stellar-sevens': { title: 'Stellar Sevens', kind: 'slot' },
  'nebula-ways': { title: 'Nebula Ways', kind: 'slot' },
  'cosmic-clusters': { title: 'Cosmic Clusters', kind: 'slot' },
  'european-roulette': { title: 'European Roulette', kind: 'roulette' },
  'orbit-dice': { title: 'Orbit Dice', kind: 'dice' },
  'rocket-crash': { title: 'Rocket Crash', kind: 'crash' },
  'orbit-plinko': { title: 'Orbit Plinko', kind: 'plinko' },
  'orbit-keno': { title: 'Orbit Keno', kind: 'keno' },
  'meteor-tumble': { title: 'Meteor Tumble', kind: 'slot' },
  'lunar-link': { title: 'Lunar Link', kind: 'slot' },
  'warp-ways': { title: 'Warp Ways', kind: 'slot' },
  'nova-sevens': { title: 'Nova Sevens', kind: 'slot' },
  'saturn-wheel': { title: 'Saturn Wheel', kind: 'slot' },
  'orbit-video-poker': { title: 'Orbit Video Poker', kind: 'cards' },
  'orbit-blackjack': { title: 'Orbit Blackjack', kind: 'cards' },
};

export const GAME_SLUGS = Object.keys(GAME_INFO);
