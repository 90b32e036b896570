/**
 * The CMS's write path (docs/cms.md): each kind written by a marketing operator and read back
 * through the site's own public reads; every write a new numbered version with its audit entry;
 * a revert brings an old document back as a new version; a delete and its revert; 409 on a stale
 * `base_version`; twenty writes at once numbered 1..20 apart; bad input 422 writing nothing; the
 * seed's version 1; refused (403) to support, finance and risk.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bannersConfigSchema,
  cmsPageSchema,
  cmsSnippetsResponseSchema,
  cmsTranslationsResponseSchema,
  contentBannerEntrySchema,
  contentDeletedSchema,
  contentEntrySchema,
  contentFeConfigEntrySchema,
  contentListResponseSchema,
  contentPageEntrySchema,
  contentVersionsResponseSchema,
  logoConfigSchema,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { seedCms } from '../../src/modules/cms/seed';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { call } from '../support/identity';

const clock = new FakeClock('2026-12-10T09:00:00Z');
let t: TestApp;
let marketing: SignedInOperator;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  marketing = await newOperator(t, clock, await signInAdmin(t, clock), 'marketing', 'content-marketing@orbit.example');
});
afterAll(() => t.close());

const path = (kind: string, id: string, rest = '') =>
  `/api/backoffice/content/${kind}/${encodeURIComponent(id)}${rest}`;

async function put(kind: string, id: string, payload: Record<string, unknown>, cookie = marketing.cookie) {
  return call(t, 'PUT', path(kind, id), { cookie, payload });
}
async function putOk(kind: string, id: string, payload: Record<string, unknown>) {
  const res = await put(kind, id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return contentEntrySchema.parse(res.json());
}
async function versions(kind: string, id: string) {
  const res = await call(t, 'GET', path(kind, id, '/versions?per_page=200'), { cookie: marketing.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return contentVersionsResponseSchema.parse(res.json());
}
async function revert(kind: string, id: string, n: number, payload: Record<string, unknown> = {}) {
  return call(t, 'POST', path(kind, id, `/versions/${n}/revert`), { cookie: marketing.cookie, payload });
}
const versionRows = async () =>
  Number(((await t.database.db.execute(sql`select count(*)::int as n from cms_versions`)).rows[0] as { n: number }).n);

const audits = async (targetId: string) =>
  (
    await t.database.db.execute(
      sql`select action, target_type, operator_id, role, after, reason from audit_log where target_id = ${targetId} order by seq`,
    )
  ).rows as Array<{
    action: string;
    target_type: string;
    operator_id: number;
    role: string;
    after: { version: number; document: unknown };
    reason: string | null;
  }>;

async function publicPage(slug: string, locale: string) {
  const res = await call(t, 'GET', `/api/cms/pages/${slug}?l=${locale}`);
  return res.statusCode === 200 ? cmsPageSchema.parse(res.json()) : null;
}

const PAGE = {
  title: 'Lunar rewards',
  markdown: '# Lunar rewards\n\nEvery **Monday** a new [mission](/promotions).\n\n- one\n- two',
  description: 'Missions on the moon.',
  keywords: 'moon, missions',
  json: { starts: '2026-12-01' },
  categories: ['bottom-menu'],
  position: 7,
};

describe('the seed', () => {
  it('is version 1 of every seeded entity, by no operator', async () => {
    const list = await call(t, 'GET', '/api/backoffice/content/pages?locale=en&per_page=200', {
      cookie: marketing.cookie,
    });
    expect(list.statusCode, list.body).toBe(200);
    const pages = contentListResponseSchema.parse(list.json());
    const awards = pages.data.find((p) => p.id === 'awards||en');
    expect(awards?.version).toBe(1);
    expect(pages.data.every((p) => p.version === 1)).toBe(true);

    const history = await versions('pages', 'awards||en');
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({ version: 1, operator_id: null });
    expect(history.data[0]!.document).toMatchObject({ title: 'Awards', markdown: expect.any(String) });

    const banner = await versions('banners', 'welcome|de');
    expect(banner.data.map((v) => v.version)).toEqual([1]);
    expect((await versions('fe-configs', 'logo-config')).total).toBe(1);
  });
});

describe('pages', () => {
  it('a new page is written, shown by the site, changed, reverted, deleted and brought back', async () => {
    const id = 'lunar-rewards||en';
    const created = contentPageEntrySchema.parse(await putOk('pages', id, PAGE));
    expect(created.version).toBe(1);
    expect(created.document.content).toContain('<strong>Monday</strong>');
    expect(created.document.seo_title).toBe('Lunar rewards | Orbit');

    const shown = await publicPage('lunar-rewards', 'en');
    expect(shown?.title).toBe('Lunar rewards');
    expect(shown?.content).toBe(created.document.content);
    expect(JSON.parse(shown!.blocks.json)).toEqual({ starts: '2026-12-01' });
    // The German page falls back to the English one the operator just wrote.
    expect((await publicPage('lunar-rewards', 'de'))?.locale).toBe('en');

    const changed = await putOk('pages', id, { ...PAGE, title: 'Lunar rewards 2', base_version: 1 });
    expect(changed.version).toBe(2);
    expect((await publicPage('lunar-rewards', 'en'))?.title).toBe('Lunar rewards 2');

    const back = await revert('pages', id, 1);
    expect(back.statusCode, back.body).toBe(200);
    expect(contentEntrySchema.parse(back.json()).version).toBe(3);
    expect((await publicPage('lunar-rewards', 'en'))?.title).toBe('Lunar rewards');
    expect((await versions('pages', id)).data.map((v) => v.version)).toEqual([3, 2, 1]);

    const deleted = await call(t, 'DELETE', path('pages', id), { cookie: marketing.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(contentDeletedSchema.parse(deleted.json())).toEqual({ id, version: 4 });
    expect(await publicPage('lunar-rewards', 'en')).toBeNull();
    expect((await call(t, 'GET', path('pages', id), { cookie: marketing.cookie })).statusCode).toBe(404);
    expect((await versions('pages', id)).data[0]).toMatchObject({ version: 4, document: null });

    expect((await revert('pages', id, 3)).statusCode).toBe(200);
    expect((await publicPage('lunar-rewards', 'en'))?.title).toBe('Lunar rewards');
    expect((await revert('pages', id, 4)).json()).toEqual({ errors: { version: ['version_is_deletion'] } });

    const trail = await audits(id);
    expect(trail.map((a) => a.action)).toEqual([
      'content.put',
      'content.put',
      'content.revert',
      'content.delete',
      'content.revert',
    ]);
    expect(trail.every((a) => a.target_type === 'cms_page' && Number(a.operator_id) === marketing.id)).toBe(true);
    expect(trail.map((a) => a.after.version)).toEqual([1, 2, 3, 4, 5]);
    expect(trail[2]!.reason).toBe('reverted to version 1');
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('a seeded page changed and reverted to the seed’s version 1', async () => {
    const id = 'awards||en';
    const seed = contentPageEntrySchema.parse(
      (await call(t, 'GET', path('pages', id), { cookie: marketing.cookie })).json(),
    );
    expect(seed.version).toBe(1);
    await putOk('pages', id, { ...PAGE, title: 'Trophies', base_version: 1 });
    expect((await publicPage('awards', 'en'))?.title).toBe('Trophies');
    expect((await revert('pages', id, 1, { base_version: 2 })).statusCode).toBe(200);
    const shown = await publicPage('awards', 'en');
    expect(shown?.title).toBe('Awards');
    expect(shown?.content).toBe(seed.document.content);
  });

  it('a stale base_version is 409 version_conflict and writes nothing', async () => {
    const id = 'conflicted||en';
    await putOk('pages', id, PAGE);
    await putOk('pages', id, { ...PAGE, title: 'Second' });
    const [rows, entries] = [await versionRows(), await auditCount(t)];
    const stale = await put('pages', id, { ...PAGE, title: 'From an old form', base_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errors: { base_version: ['version_conflict'] } });
    expect((await revert('pages', id, 1, { base_version: 1 })).statusCode).toBe(409);
    expect(await versionRows()).toBe(rows);
    expect(await auditCount(t)).toBe(entries);
    expect((await publicPage('conflicted', 'en'))?.title).toBe('Second');
  });

  it('twenty writes at once get twenty different version numbers', async () => {
    const id = 'busy-page||en';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put('pages', id, { ...PAGE, title: `Writer ${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => contentEntrySchema.parse(a.json()).version).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const kept = await versions('pages', id);
    expect(kept.total).toBe(20);
    // The live page is the newest version's.
    const newest = kept.data[0]!.document as { title: string };
    expect((await publicPage('busy-page', 'en'))?.title).toBe(newest.title);
  });

  it('the preview answers as the site would and writes nothing', async () => {
    const [rows, entries] = [await versionRows(), await auditCount(t)];
    const res = await call(t, 'POST', '/api/backoffice/content/pages/preview', {
      cookie: marketing.cookie,
      payload: { slug: 'awards', licence: null, locale: 'en', ...PAGE, title: 'Preview only' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = cmsPageSchema.parse(res.json());
    const live = (await publicPage('awards', 'en'))!;
    expect(preview.id).toBe(live.id);
    expect(preview.title).toBe('Preview only');
    expect(preview.blocks['content-main']).toBe(preview.content);
    expect(preview.content).toContain('<a href="/promotions">mission</a>');
    expect(live.title).toBe('Awards');
    expect(await versionRows()).toBe(rows);
    expect(await auditCount(t)).toBe(entries);
  });

  it('unsafe links stay text in the rendered page', async () => {
    const entry = contentPageEntrySchema.parse(
      await putOk('pages', 'linky||en', { ...PAGE, markdown: 'A [trap](javascript:alert(1)) and <script>x</script>' }),
    );
    expect(entry.document.content).not.toContain('href');
    expect(entry.document.content).not.toContain('<script>');
  });
});

describe('snippets, banners, fe configs and translations', () => {
  it('a snippet written shows in the snippets of its locale', async () => {
    await putOk('snippets', 'header-promo|de', { content: '<p>Neu: Mondmissionen</p>', categories: ['header'] });
    const res = await call(t, 'GET', '/api/cms/snippets?l=de');
    const promo = cmsSnippetsResponseSchema.parse(res.json()).find((s) => s.id === 'header-promo');
    expect(promo?.content).toBe('<p>Neu: Mondmissionen</p>');
    expect((await versions('snippets', 'header-promo|de')).data.map((v) => v.version)).toEqual([2, 1]);
  });

  it('a banner written shows in the banners, and its revert brings the seed back', async () => {
    const id = 'welcome|en';
    const before = contentBannerEntrySchema.parse(
      (await call(t, 'GET', path('banners', id), { cookie: marketing.cookie })).json(),
    );
    const banner = {
      ...before.document,
      title: 'Welcome aboard',
      starts_at: '2020-01-01T00:00:00+01:00',
      ends_at: null,
    };
    const written = contentBannerEntrySchema.parse(await putOk('banners', id, banner));
    expect(written.document.starts_at).toBe('2019-12-31T23:00:00.000Z');
    const shown = async () =>
      bannersConfigSchema
        .parse((await call(t, 'GET', '/api/fe/config/banners-config?l=en')).json())
        .banners.find((b) => b.identifier === 'welcome');
    expect((await shown())?.title.text).toBe('Welcome aboard');
    expect((await revert('banners', id, 1)).statusCode).toBe(200);
    expect((await shown())?.title.text).toBe('Welcome to Orbit');
  });

  it('an fe config is checked against its name’s shape and served as written', async () => {
    const id = 'logo-config';
    const current = contentFeConfigEntrySchema.parse(
      (await call(t, 'GET', path('fe-configs', id), { cookie: marketing.cookie })).json(),
    );
    const value = { ...logoConfigSchema.parse(current.document.value), title: 'Orbit Moon' };
    await putOk('fe-configs', id, { value, base_version: current.version });
    const served = logoConfigSchema.parse((await call(t, 'GET', '/api/fe/config/logo-config')).json());
    expect(served.title).toBe('Orbit Moon');

    const [rows, entries] = [await versionRows(), await auditCount(t)];
    const bad = await put('fe-configs', id, { value: { title: 12 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { 'value.title': ['invalid_type'], 'value.alt': ['required'] } });
    expect((await put('fe-configs', 'banners-config', { value: {} })).statusCode).toBe(404);
    expect(await versionRows()).toBe(rows);
    expect(await auditCount(t)).toBe(entries);
  });

  it('a translation overrides one text of a locale; an unknown key is refused', async () => {
    await putOk('translations', 'de|header.openMenu', { text: 'Menü aufklappen' });
    const read = async (locale: string) =>
      cmsTranslationsResponseSchema.parse((await call(t, 'GET', `/api/cms/translations?l=${locale}`)).json());
    expect(await read('de')).toEqual({ 'header.openMenu': 'Menü aufklappen' });
    expect(await read('it')).toEqual({});

    const [rows, entries] = [await versionRows(), await auditCount(t)];
    const typo = await put('translations', 'de|header.opneMenu', { text: 'x' });
    expect(typo.statusCode).toBe(422);
    expect(typo.json()).toEqual({ errors: { key: ['unknown_key'] } });
    // A group of texts is no key either: an override cannot replace a group with a string.
    expect((await put('translations', 'de|header', { text: 'x' })).json()).toEqual({
      errors: { key: ['unknown_key'] },
    });
    expect((await put('translations', 'xx|header.openMenu', { text: 'x' })).json()).toEqual({
      errors: { locale: ['unknown_locale'] },
    });
    expect(await versionRows()).toBe(rows);
    expect(await auditCount(t)).toBe(entries);

    const deleted = await call(t, 'DELETE', path('translations', 'de|header.openMenu'), { cookie: marketing.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await read('de')).toEqual({});
    expect((await audits('de|header.openMenu')).map((a) => a.action)).toEqual(['content.put', 'content.delete']);
  });
});

describe('the seed run again, and a database from before versions', () => {
  it('leaves what operators wrote as they left it and adds no version where nothing changed', async () => {
    await putOk('snippets', 'search-empty|en', { content: '<p>Nothing here yet.</p>', categories: ['games'] });
    const rows = await versionRows();
    await seedCms(t.database.db);
    expect(await versionRows()).toBe(rows);
    const snippets = cmsSnippetsResponseSchema.parse((await call(t, 'GET', '/api/cms/snippets?l=en')).json());
    expect(snippets.find((s) => s.id === 'search-empty')?.content).toBe('<p>Nothing here yet.</p>');
    // The page an operator deleted and brought back, and the one reverted to the seed's text, stay operators'.
    expect((await versions('pages', 'awards||en')).data.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('records the live row as version 1 before the first write of an entity without versions', async () => {
    const id = 'cookie-banner|it';
    await t.database.db.execute(sql`delete from cms_versions where kind = 'snippet' and entity_key = ${id}`);
    const live = contentEntrySchema.parse(
      (await call(t, 'GET', path('snippets', id), { cookie: marketing.cookie })).json(),
    );
    expect(live.version).toBe(0);
    const written = await putOk('snippets', id, { content: '<p>Cookie nuovi</p>', base_version: 0 });
    expect(written.version).toBe(2);
    const kept = await versions('snippets', id);
    expect(kept.data.map((v) => [v.version, v.operator_id])).toEqual([
      [2, marketing.id],
      [1, null],
    ]);
    expect(kept.data[1]!.document).toEqual(live.document);
    expect((await revert('snippets', id, 1)).statusCode).toBe(200);
    const shown = cmsSnippetsResponseSchema.parse((await call(t, 'GET', '/api/cms/snippets?l=it')).json());
    expect(shown.find((s) => s.id === 'cookie-banner')?.content).toBe(live.document.content);
  });
});

describe('refusals', () => {
  it('bad documents are 422 with field codes and write nothing', async () => {
    const [rows, entries] = [await versionRows(), await auditCount(t)];
    const cases: Array<[string, string, Record<string, unknown>, Record<string, string[]>]> = [
      ['pages', 'bad-page||en', { ...PAGE, title: ' ' }, { title: ['blank'] }],
      ['pages', 'bad-page||en', { ...PAGE, colour: 'red' }, { base: ['unknown_field'] }],
      ['pages', 'Bad Page||en', PAGE, { id: ['invalid_key'] }],
      ['pages', 'bad-page|XX|en', PAGE, { id: ['invalid_key'] }],
      ['snippets', 'cookie-banner|en', { content: '' }, { content: ['blank'] }],
    ];
    for (const [kind, id, payload, errors] of cases) {
      const res = await put(kind, id, payload);
      expect(res.statusCode, `${kind} ${id}`).toBe(422);
      expect(res.json(), `${kind} ${id}`).toEqual({ errors });
    }
    const welcome = contentBannerEntrySchema.parse(
      (await call(t, 'GET', path('banners', 'welcome|de'), { cookie: marketing.cookie })).json(),
    ).document;
    const banner = async (change: Record<string, unknown>) =>
      (await put('banners', 'welcome|de', { ...welcome, ...change })).json() as { errors: Record<string, string[]> };
    expect((await banner({ gradient: ['red', '#000', '#000', '#000'] })).errors).toEqual({
      'gradient.0': ['invalid_colour'],
    });
    expect((await banner({ button: { ...welcome.button, url: 'javascript:alert(1)' } })).errors).toEqual({
      'button.url': ['unsafe_url'],
    });
    expect((await banner({ starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' })).errors).toEqual({
      ends_at: ['before_start'],
    });
    expect(await versionRows()).toBe(rows);
    expect(await auditCount(t)).toBe(entries);
  });

  it('support, finance and risk may not touch the content (403, nothing written)', async () => {
    const admin = await signInAdmin(t, clock);
    // The admin holds every permission.
    expect((await put('snippets', 'search-empty|de', { content: '<p>Nichts</p>' }, admin)).statusCode).toBe(200);
    for (const role of ['support', 'finance', 'risk'] as const) {
      const operator = await newOperator(t, clock, admin, role);
      const [rows, entries] = [await versionRows(), await auditCount(t)];
      for (const [method, url] of [
        ['GET', '/api/backoffice/content/pages'],
        ['PUT', path('snippets', 'search-empty|de')],
        ['DELETE', path('snippets', 'search-empty|de')],
        ['POST', path('snippets', 'search-empty|de', '/versions/1/revert')],
      ] as const) {
        const res = await call(t, method, url, {
          cookie: operator.cookie,
          ...(method === 'PUT' ? { payload: { content: '<p>x</p>' } } : {}),
        });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect(await versionRows()).toBe(rows);
      expect(await auditCount(t)).toBe(entries);
    }
  });
});
