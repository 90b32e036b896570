import { messagesWithOverrides } from '../features/i18n/messages.server';
import type { Route } from './+types/messages';

/**
 * GET /messages/<lang>.json: one language's translations, the CMS's overrides over the bundled
 * file (docs/cms.md "Translations"). Clients add `?t=<five-minute bucket>`, so a response may be
 * cached for that long and a new bucket fetches fresh texts.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = /^(.+)\.json$/.exec(params.file)?.[1];
  const messages = lang ? await messagesWithOverrides(lang, context.apiFetch) : undefined;
  if (!messages) {
    return Response.json({ errors: { base: ['not_found'] } }, { status: 404 });
  }
  return Response.json(messages, {
    headers: { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' },
  });
}
