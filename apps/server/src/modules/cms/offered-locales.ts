import type { Licence } from '@orbit/contracts';

/**
 * The languages each licence's sites offer, the one they lead with first (docs/licences.md
 * "Languages per host"): the Australian variant Australian English and English, the Estonian one
 * Estonian and English; the Curaçao ones (CW, GCB) every language of the site but Australian
 * English.
 */
const LOCALES_BY_LICENCE: Record<Licence, { only: string[] } | { except: string[] }> = {
  AU: { only: ['en-AU', 'en'] },
  EE: { only: ['et', 'en'] },
  CW: { except: ['en-AU'] },
  GCB: { except: ['en-AU'] },
};

/**
 * The site's languages (`all`, in the site's order) a host offers in its language selector and
 * hreflang links: HOST_LOCALES' list for the host (with or without its port; codes the site does
 * not have are left out), else its licence's. A language not offered still answers: it is only not
 * listed.
 */
export function offeredLocales(
  all: readonly string[],
  licence: Licence,
  host: string | undefined,
  hostLocales: ReadonlyMap<string, string[]>,
): string[] {
  const withPort = (host ?? '').trim().toLowerCase().replace(/\.$/, '');
  const listed = hostLocales.get(withPort) ?? hostLocales.get(withPort.replace(/:\d+$/, ''));
  const fromHost = listed?.filter((code) => all.includes(code)) ?? [];
  if (fromHost.length > 0) return fromHost;
  const rule = LOCALES_BY_LICENCE[licence];
  return 'only' in rule ? rule.only.filter((code) => all.includes(code)) : all.filter((c) => !rule.except.includes(c));
}
