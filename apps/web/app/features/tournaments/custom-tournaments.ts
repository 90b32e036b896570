import {
  customTournamentSchema,
  TOURNAMENT_SNIPPET_CATEGORY,
  type CmsSnippet,
  type CustomTournament,
} from '@orbit/contracts';
import { promoStatus, type TournamentTab } from './rules';

/** A custom tournament as the list shows it: the snippet's key is its id. */
export type CustomTournamentCard = CustomTournament & { id: string; custom: true };

/**
 * The custom tournaments among the CMS snippets (docs/rules/promotions.md "Custom tournaments"):
 * the snippets of the category `tournament` whose content reads as one. A snippet that does not
 * is left out and reported through `report` (the page never fails for an operator's typo).
 */
export function customTournamentsOf(
  snippets: readonly CmsSnippet[],
  report: (id: string, reason: string) => void = () => {},
): CustomTournamentCard[] {
  return snippets
    .filter((s) => s.categories.includes(TOURNAMENT_SNIPPET_CATEGORY))
    .flatMap((snippet) => {
      let json: unknown;
      try {
        json = JSON.parse(snippet.content);
      } catch {
        report(snippet.id, 'not_json');
        return [];
      }
      const parsed = customTournamentSchema.safeParse(json);
      if (!parsed.success) {
        report(snippet.id, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        return [];
      }
      return [{ ...parsed.data, id: snippet.id, custom: true as const }];
    });
}

/**
 * Which custom tournaments a tab lists: they are tournaments, so the all tab lists them and the
 * live tab those running now; they are bound to no provider, quest or achievement.
 */
export function customOfTab(list: readonly CustomTournamentCard[], tab: TournamentTab, now: number) {
  if (tab === 'all') return [...list];
  if (tab === 'live') return list.filter((t) => promoStatus(t, now) === 'active');
  return [];
}

/** Where a card leads: a site path gets the page's locale prefix; an https address leaves the site. */
export function isSitePath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}
