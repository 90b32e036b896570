/**
 * What the page shell reads from the CMS (docs/page-shell.md "Header", "Footer"; docs/rules/page-shell.md
 * "Banners"): the header's notice and promo snippets per locale, the logo config, and the banners
 * for signed-in players and for a player group beside the guests' ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannersConfigSchema, cmsSnippetsResponseSchema, logoConfigSchema, playerSchema } from '@orbit/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the header’s snippets', () => {
  it('serves the notice strip and the promo banner in the asked locale, English where a locale has none', async () => {
    const de = cmsSnippetsResponseSchema.parse((await get('/api/cms/snippets?l=de')).json());
    expect(de.find((s) => s.id === 'header-notice')?.content).toContain('Sitzungslimits');
    expect(de.find((s) => s.id === 'header-promo')?.content).toContain('Willkommensgeschenk');
    const et = cmsSnippetsResponseSchema.parse((await get('/api/cms/snippets?l=et')).json());
    expect(et.find((s) => s.id === 'header-promo')?.content).toContain('tervituskingitus');
    const kw = cmsSnippetsResponseSchema.parse((await get('/api/cms/snippets?l=en-KW')).json());
    expect(kw.find((s) => s.id === 'header-promo')?.content).toContain('welcome gift');
  });

  it('answers the logo config with a same-site link', async () => {
    const logo = logoConfigSchema.parse((await get('/api/fe/config/logo-config')).json());
    expect(logo.title).toBe('Orbit');
    expect(logo.href.startsWith('/')).toBe(true);
  });
});

describe('banners for players and groups', () => {
  it('lists the players’ and the group’s banners with who they are for, and a new player is in that group', async () => {
    const config = bannersConfigSchema.parse((await get('/api/fe/config/banners-config', { locale: 'de' })).json());
    const byId = new Map(config.banners.map((b) => [b.identifier, b]));
    expect(byId.get('welcome')).toMatchObject({ logged: false, groups: [] });
    expect(byId.get('players-vip-club')).toMatchObject({ logged: true, groups: [], title: { text: 'Dein VIP-Club' } });
    expect(byId.get('rising-star')).toMatchObject({ logged: true, groups: [1117] });

    const { cookie } = await register(t, { email: 'shell.banners@example.com' });
    const player = playerSchema.parse((await call(t, 'GET', '/api/player', { cookie })).json());
    expect(player.statuses.map((s) => Number(s.id))).toContain(1117);
    // A group nobody starts in is not the new player's.
    expect(player.statuses.map((s) => Number(s.id))).not.toContain(259);
  });
});
