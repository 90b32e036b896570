/**
 * The words of the pushes (docs/notifications.md "Push to a device"): the bell's own texts (the
 * page's `notifications.*` messages, copied for the languages mails are written in), so that a
 * push says on the lock screen what the bell says on the page. `{{name}}` is a parameter.
 */
import type { MailLanguage } from '../../platform/mail-layout';

export const PUSH_TEXT_KEYS = [
  'title.tournament',
  'title.lottery',
  'title.gift',
  'title.tickets',
  'tournament.placed',
  'tournament.prize',
  'tournament.skipped',
  'lottery.won',
  'lottery.wonPrize',
  'lottery.skipped',
  'lottery.tickets_one',
  'lottery.tickets_other',
  'gift.new',
  'prize.bonus',
  'prize.freespins_one',
  'prize.freespins_other',
  'prize.compPoints_one',
  'prize.compPoints_other',
] as const;
export type PushTextKey = (typeof PUSH_TEXT_KEYS)[number];

export const PUSH_TEXTS: Record<MailLanguage, Record<PushTextKey, string>> = {
  en: {
    'title.tournament': 'Tournament finished',
    'title.lottery': 'Lottery won',
    'title.gift': 'New gift',
    'title.tickets': 'Lottery tickets',
    'tournament.placed': 'Tournament {{title}} finished — you placed {{place}}',
    'tournament.prize': 'Tournament {{title}} finished — you placed {{place}}, your prize: {{prize}} is in your gifts',
    'tournament.skipped':
      'Tournament {{title}} finished — you placed {{place}} (your prize could not be given: bonuses are turned off)',
    'lottery.won': 'You won in the lottery {{title}}',
    'lottery.wonPrize': 'You won in the lottery {{title}} — your prize: {{prize}} is in your gifts',
    'lottery.skipped': 'You won in the lottery {{title}} (your prize could not be given: bonuses are turned off)',
    'lottery.tickets_one': 'You got {{count}} ticket in {{title}}',
    'lottery.tickets_other': 'You got {{count}} tickets in {{title}}',
    'gift.new': 'New gift: {{title}}',
    'prize.bonus': '{{amount}} bonus',
    'prize.freespins_one': '{{count}} free spin',
    'prize.freespins_other': '{{count}} free spins',
    'prize.compPoints_one': '{{count}} comp point',
    'prize.compPoints_other': '{{count}} comp points',
  },
  de: {
    'title.tournament': 'Turnier beendet',
    'title.lottery': 'Lotteriegewinn',
    'title.gift': 'Neues Geschenk',
    'title.tickets': 'Lotterielose',
    'tournament.placed': 'Turnier {{title}} beendet — du bist auf Platz {{place}}',
    'tournament.prize':
      'Turnier {{title}} beendet — du bist auf Platz {{place}}, dein Preis: {{prize}} liegt bei deinen Geschenken',
    'tournament.skipped':
      'Turnier {{title}} beendet — du bist auf Platz {{place}} (dein Preis konnte nicht vergeben werden: Boni sind ausgeschaltet)',
    'lottery.won': 'Du hast in der Lotterie {{title}} gewonnen',
    'lottery.wonPrize':
      'Du hast in der Lotterie {{title}} gewonnen — dein Preis: {{prize}} liegt bei deinen Geschenken',
    'lottery.skipped':
      'Du hast in der Lotterie {{title}} gewonnen (dein Preis konnte nicht vergeben werden: Boni sind ausgeschaltet)',
    'lottery.tickets_one': 'Du hast {{count}} Los für {{title}} erhalten',
    'lottery.tickets_other': 'Du hast {{count}} Lose für {{title}} erhalten',
    'gift.new': 'Neues Geschenk: {{title}}',
    'prize.bonus': '{{amount}} Bonus',
    'prize.freespins_one': '{{count}} Freispiel',
    'prize.freespins_other': '{{count}} Freispiele',
    'prize.compPoints_one': '{{count}} Comp-Punkt',
    'prize.compPoints_other': '{{count}} Comp-Punkte',
  },
  et: {
    'title.tournament': 'Turniir lõppes',
    'title.lottery': 'Loteriivõit',
    'title.gift': 'Uus kingitus',
    'title.tickets': 'Loteriipiletid',
    'tournament.placed': 'Turniir {{title}} lõppes — said {{place}}. koha',
    'tournament.prize':
      'Turniir {{title}} lõppes — said {{place}}. koha, sinu auhind: {{prize}} on sinu kingituste all',
    'tournament.skipped':
      'Turniir {{title}} lõppes — said {{place}}. koha (auhinda ei saanud anda: boonused on välja lülitatud)',
    'lottery.won': 'Võitsid loteriis {{title}}',
    'lottery.wonPrize': 'Võitsid loteriis {{title}} — sinu auhind: {{prize}} on sinu kingituste all',
    'lottery.skipped': 'Võitsid loteriis {{title}} (auhinda ei saanud anda: boonused on välja lülitatud)',
    'lottery.tickets_one': 'Said {{count}} pileti loteriis {{title}}',
    'lottery.tickets_other': 'Said {{count}} piletit loteriis {{title}}',
    'gift.new': 'Uus kingitus: {{title}}',
    'prize.bonus': '{{amount}} boonust',
    'prize.freespins_one': '{{count}} tasuta keerutus',
    'prize.freespins_other': '{{count}} tasuta keerutust',
    'prize.compPoints_one': '{{count}} lojaalsuspunkt',
    'prize.compPoints_other': '{{count}} lojaalsuspunkti',
  },
  fr: {
    'title.tournament': 'Tournoi terminé',
    'title.lottery': 'Loterie gagnée',
    'title.gift': 'Nouveau cadeau',
    'title.tickets': 'Billets de loterie',
    'tournament.placed': 'Le tournoi {{title}} est terminé — vous êtes à la place {{place}}',
    'tournament.prize':
      'Le tournoi {{title}} est terminé — vous êtes à la place {{place}}, votre prix : {{prize}} est dans vos cadeaux',
    'tournament.skipped':
      'Le tournoi {{title}} est terminé — vous êtes à la place {{place}} (votre prix n’a pas pu être remis : les bonus sont désactivés)',
    'lottery.won': 'Vous avez gagné à la loterie {{title}}',
    'lottery.wonPrize': 'Vous avez gagné à la loterie {{title}} — votre prix : {{prize}} est dans vos cadeaux',
    'lottery.skipped':
      'Vous avez gagné à la loterie {{title}} (votre prix n’a pas pu être remis : les bonus sont désactivés)',
    'lottery.tickets_one': 'Vous avez reçu {{count}} billet pour {{title}}',
    'lottery.tickets_other': 'Vous avez reçu {{count}} billets pour {{title}}',
    'gift.new': 'Nouveau cadeau : {{title}}',
    'prize.bonus': 'bonus de {{amount}}',
    'prize.freespins_one': '{{count}} tour gratuit',
    'prize.freespins_other': '{{count}} tours gratuits',
    'prize.compPoints_one': '{{count}} point de fidélité',
    'prize.compPoints_other': '{{count}} points de fidélité',
  },
  it: {
    'title.tournament': 'Torneo concluso',
    'title.lottery': 'Lotteria vinta',
    'title.gift': 'Nuovo regalo',
    'title.tickets': 'Biglietti della lotteria',
    'tournament.placed': 'Il torneo {{title}} è concluso — sei al posto {{place}}',
    'tournament.prize':
      'Il torneo {{title}} è concluso — sei al posto {{place}}, il tuo premio: {{prize}} è tra i tuoi regali',
    'tournament.skipped':
      'Il torneo {{title}} è concluso — sei al posto {{place}} (il premio non è stato assegnato: i bonus sono disattivati)',
    'lottery.won': 'Hai vinto alla lotteria {{title}}',
    'lottery.wonPrize': 'Hai vinto alla lotteria {{title}} — il tuo premio: {{prize}} è tra i tuoi regali',
    'lottery.skipped': 'Hai vinto alla lotteria {{title}} (il premio non è stato assegnato: i bonus sono disattivati)',
    'lottery.tickets_one': 'Hai ricevuto {{count}} biglietto per {{title}}',
    'lottery.tickets_other': 'Hai ricevuto {{count}} biglietti per {{title}}',
    'gift.new': 'Nuovo regalo: {{title}}',
    'prize.bonus': 'bonus di {{amount}}',
    'prize.freespins_one': '{{count}} giro gratuito',
    'prize.freespins_other': '{{count}} giri gratuiti',
    'prize.compPoints_one': '{{count}} punto fedeltà',
    'prize.compPoints_other': '{{count}} punti fedeltà',
  },
  no: {
    'title.tournament': 'Turneringen er over',
    'title.lottery': 'Lottogevinst',
    'title.gift': 'Ny gave',
    'title.tickets': 'Lodd',
    'tournament.placed': 'Turneringen {{title}} er over — du kom på {{place}}. plass',
    'tournament.prize':
      'Turneringen {{title}} er over — du kom på {{place}}. plass, premien din: {{prize}} ligger blant gavene dine',
    'tournament.skipped':
      'Turneringen {{title}} er over — du kom på {{place}}. plass (premien kunne ikke gis: bonuser er slått av)',
    'lottery.won': 'Du vant i lotteriet {{title}}',
    'lottery.wonPrize': 'Du vant i lotteriet {{title}} — premien din: {{prize}} ligger blant gavene dine',
    'lottery.skipped': 'Du vant i lotteriet {{title}} (premien kunne ikke gis: bonuser er slått av)',
    'lottery.tickets_one': 'Du fikk {{count}} lodd i {{title}}',
    'lottery.tickets_other': 'Du fikk {{count}} lodd i {{title}}',
    'gift.new': 'Ny gave: {{title}}',
    'prize.bonus': '{{amount}} i bonus',
    'prize.freespins_one': '{{count}} gratisspinn',
    'prize.freespins_other': '{{count}} gratisspinn',
    'prize.compPoints_one': '{{count}} lojalitetspoeng',
    'prize.compPoints_other': '{{count}} lojalitetspoeng',
  },
};
