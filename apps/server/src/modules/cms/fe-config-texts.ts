/**
 * The texts of the config documents' content (the prize wheel's boxes and segments, the adventure
 * calendar) in the site's other languages, and those documents as a page reads them in its
 * locale (docs/localisation.md "Config documents"). A document keeps the default locale's text in
 * its own field (`title`, an adventure's `name`) and the others beside it in `translations`, of
 * the same shape as a table's (an adventure's name is its `title` there). `fr` serves fr-CA, and
 * the English variants read the English text.
 */
import {
  localisedText,
  translationsOf,
  WHEEL_SEGMENT_SAMPLES,
  WHEEL_TIER_SAMPLES,
  type LocalisedTexts,
  type WheelSegment,
  type WheelSegmentSets,
  type WheelTier,
  type WheelTiersConfig,
} from '@orbit/contracts';

/** The languages the demo content is written in besides English. */
type Language = 'de' | 'et' | 'fr' | 'it' | 'no';

const titles = (by: Record<Language, string>): LocalisedTexts =>
  Object.fromEntries(Object.entries(by).map(([language, title]) => [language, { title }]));

/** A wheel box's title by its tier (the English one is `Rocket wheel <label>`, lootboxes.ts). */
const boxTitles = (label: string) =>
  titles({
    de: `Raketenrad ${label}`,
    et: `Raketiratas ${label}`,
    fr: `Roue fusée ${label}`,
    it: `Ruota razzo ${label}`,
    no: `Raketthjul ${label}`,
  });
export const WHEEL_BOX_TEXTS: Readonly<Record<WheelTier, LocalisedTexts>> = {
  rocket_lite: boxTitles('LITE'),
  rocket_pro: boxTitles('PRO'),
  rocket_max: boxTitles('MAX'),
};

/** `10 free spins` */
const spinsTitles = (count: number) =>
  titles({
    de: `${count} Freispiele`,
    et: `${count} tasuta keerutust`,
    fr: `${count} tours gratuits`,
    it: `${count} giri gratis`,
    no: `${count} gratisspinn`,
  });
/** `5 bonus` (whole euros) */
const bonusTitles = (amount: number) =>
  titles({
    de: `${amount} Bonus`,
    et: `${amount} boonus`,
    fr: `Bonus de ${amount}`,
    it: `Bonus di ${amount}`,
    no: `${amount} i bonus`,
  });
/** `50 super prize` */
const superPrizeTitles = (amount: number) =>
  titles({
    de: `${amount} Superpreis`,
    et: `${amount} superauhind`,
    fr: `Super prix de ${amount}`,
    it: `Super premio di ${amount}`,
    no: `${amount} i superpremie`,
  });

/**
 * A demo segment's or prize's title in the other languages, when its English title is one of the
 * demo's (`10 free spins`, `5 bonus`, `50 super prize`); else none (an operator's own title).
 */
export function demoPrizeTexts(title: string): LocalisedTexts {
  const spins = /^(\d+) free spins$/.exec(title);
  if (spins) return spinsTitles(Number(spins[1]));
  const bonus = /^(\d+) bonus$/.exec(title);
  if (bonus) return bonusTitles(Number(bonus[1]));
  const superPrize = /^(\d+) super prize$/.exec(title);
  if (superPrize) return superPrizeTitles(Number(superPrize[1]));
  return {};
}

/** The demo adventure's name (`Orbit week`). */
export const DEMO_ADVENTURE_TEXTS: LocalisedTexts = titles({
  de: 'Orbit-Woche',
  et: 'Orbiti nädal',
  fr: 'Semaine Orbit',
  it: 'Settimana Orbit',
  no: 'Orbit-uken',
});

type LocalisedSegment = WheelSegment & { translations: LocalisedTexts };
type LocalisedTier = WheelTiersConfig['tiers'][number] & { translations: LocalisedTexts };

/** The wheel's sample tiers with their boxes' titles in every language (the seed and the fallback). */
export const WHEEL_TIERS_SEED: { enabled: boolean; tiers: LocalisedTier[] } = {
  ...WHEEL_TIER_SAMPLES,
  tiers: WHEEL_TIER_SAMPLES.tiers.map((t) => ({ ...t, translations: WHEEL_BOX_TEXTS[t.tier] })),
};
/** The wheel's sample segment sets with their titles in every language (the seed and the fallback). */
export const WHEEL_SEGMENTS_SEED: { segments_by_group: Record<string, LocalisedSegment[]> } = {
  segments_by_group: Object.fromEntries(
    Object.entries((WHEEL_SEGMENT_SAMPLES satisfies WheelSegmentSets).segments_by_group).map(([group, set]) => [
      group,
      set.map((s) => ({ ...s, translations: demoPrizeTexts(s.title) })),
    ]),
  ),
};

type Entry = Record<string, unknown>;
const isEntry = (value: unknown): value is Entry => !!value && typeof value === 'object' && !Array.isArray(value);

/** An entry with `field` in `locale` from its `translations` (under `title`), when it has the field as text. */
function withText(entry: unknown, field: string, locale: string): unknown {
  if (!isEntry(entry) || typeof entry[field] !== 'string') return entry;
  return { ...entry, [field]: localisedText(translationsOf(entry), 'title', locale, entry[field]) };
}

/**
 * A config document as a page of `locale` reads it (`GET /api/fe/config/<name>`): the wheel's
 * segments' titles and the adventures' names and prize titles in that locale (the fallback
 * chain of docs/localisation.md); the `translations` stay, so the document keeps its shape.
 * Other documents, and a default-locale page, read the document as it is stored.
 */
export function feConfigInLocale(name: string, value: unknown, locale: string): unknown {
  if (!isEntry(value)) return value;
  if (name === 'wheel-config-segments' && isEntry(value.segments_by_group)) {
    const sets = Object.entries(value.segments_by_group).map(([group, set]) => [
      group,
      Array.isArray(set) ? set.map((s) => withText(s, 'title', locale)) : set,
    ]);
    return { ...value, segments_by_group: Object.fromEntries(sets) };
  }
  if (name === 'vip-adventures' && Array.isArray(value.adventures))
    return { ...value, adventures: value.adventures.map((a) => adventureInLocale(a, locale)) };
  return value;
}

/** An adventure's name and its prizes' titles in `locale` (its loose config entry, shape kept). */
export function adventureInLocale(adventure: unknown, locale: string): unknown {
  const named = withText(adventure, 'name', locale);
  if (!isEntry(named)) return named;
  const prize = (p: unknown) => withText(p, 'title', locale);
  return {
    ...named,
    ...(Array.isArray(named.days)
      ? { days: named.days.map((d) => (isEntry(d) ? { ...d, prize: prize(d.prize) } : d)) }
      : {}),
    ...('super_prize' in named ? { super_prize: prize(named.super_prize) } : {}),
  };
}
