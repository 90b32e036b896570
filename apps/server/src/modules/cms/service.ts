import { and, arrayContains, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  feConfigNameSchema,
  newsArticleJsonSchema,
  paginate,
  type Banner,
  type CmsFile,
  type CmsPage,
  type CmsPageSummary,
  type CmsSnippet,
  type Country,
  type FeConfigName,
  type Licence,
  type Locale,
  type NewsItem,
  type NewsResponse,
  type PlayerFieldsResponse,
  type ProjectInfo,
} from '@orbit/contracts';
import { TtlCache } from '../../platform/cache';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { notFound } from '../../platform/errors';
import { DEFAULT_CURRENCY, listCurrencies } from '../wallet';
import { DEFAULT_LOCALE, PROJECT_NAME } from './data';
import { feConfigInLocale } from './fe-config-texts';
import { translationOverrides } from './content-kinds';
import { currenciesByCountry, feConfigValues } from './fe-configs';
import { defaultCountryFor, MINIMUM_AGE } from './licence';
import { pickLocale } from './locale';
import { playerFields } from './player-fields';
import { banners, countries, feConfigs, files, locales, snippets, staticPages } from './schema';

/** The category of the static pages that are news articles (served at `/blog/<slug>`). */
export const NEWS_CATEGORY = 'news';

/** Read-only answers are cached this long: fresh enough for operators, cheap for the lobby. */
const TTL_MS = 5_000;

/** Pages, snippets, files, banners, fe configs and the info lists; every answer is read-only. */
export class CmsService {
  private readonly cache = new TtlCache<unknown>(TTL_MS);

  constructor(private readonly db: Db) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }

  /** Forgets every cached answer: after a write, this process's next read shows it (others within the TTL). */
  forget(): void {
    this.cache.clear();
  }

  /** The page texts the operator changed in `locale` (exactly that locale), key → text. */
  translations(locale: string): Promise<Record<string, string>> {
    return this.cached(`translations:${locale}`, () => translationOverrides(this.db, locale));
  }

  countries(): Promise<Country[]> {
    return this.cached('countries', async () => {
      const rows = await this.db.select().from(countries).orderBy(asc(countries.name));
      return rows.map((c) => ({ code: c.code, name: c.name, default_currency: c.defaultCurrency }));
    });
  }

  locales(): Promise<Locale[]> {
    return this.cached('locales', async () => {
      const rows = await this.db.select().from(locales).orderBy(asc(locales.position));
      return rows.map((l) => ({ code: l.code, name: l.name, default: l.isDefault, complete: l.complete }));
    });
  }

  /** The locale an answer is given in: the asked one if the site has it (or its language), else English. */
  async resolveLocale(...candidates: Array<string | undefined>): Promise<string> {
    const available = (await this.locales()).map((l) => l.code);
    return pickLocale(candidates, available, DEFAULT_LOCALE);
  }

  projectInfo(licence: Licence): Promise<ProjectInfo> {
    return this.cached(`project:${licence}`, async () => {
      const [currencyRows, localeRows, countryRows] = await Promise.all([
        listCurrencies(this.db),
        this.locales(),
        this.countries(),
      ]);
      const byCountry: Record<string, string> = {};
      for (const c of countryRows) if (c.default_currency) byCountry[c.code] = c.default_currency;
      return {
        name: PROJECT_NAME,
        licence,
        default_locale: localeRows.find((l) => l.default)?.code ?? DEFAULT_LOCALE,
        locales: localeRows.map((l) => l.code),
        default_currency: currencyRows.find((c) => c.isDefault)?.code ?? DEFAULT_CURRENCY,
        default_country: defaultCountryFor(licence),
        currencies_by_country: Object.keys(byCountry).length ? byCountry : currenciesByCountry(),
        signup_currencies: currencyRows.filter((c) => c.signup).map((c) => c.code),
        minimum_age: MINIMUM_AGE[licence],
        // Live updates over the Centrifugo-protocol gateway (modules/realtime); no inbox.
        notification_center: { inbox: false, new_realtime_notifications_flow_enabled: true },
        apps: { casino: true, sportsbook: false },
        license: licence,
        player_two_factor_auth: true,
        available_currency_exchange: false,
        available_referral_system: false,
        supported_payment_api_versions: [1],
      };
    });
  }

  playerFields(licence: Licence): Promise<PlayerFieldsResponse> {
    return this.cached(`player_fields:${licence}`, async () => {
      const [currencyRows, countryRows] = await Promise.all([listCurrencies(this.db), this.countries()]);
      return playerFields({
        licence,
        signupCurrencies: currencyRows.filter((c) => c.signup).map((c) => c.code),
        countries: countryRows.map((c) => c.code),
      });
    });
  }

  /**
   * Every enabled page in `locale` (English where it has none), each slug once: the variant of
   * `licence` where one exists, else the page every licence sees.
   */
  pages(locale: string, licence: Licence): Promise<CmsPageSummary[]> {
    return this.cached(`pages:${locale}:${licence}`, async () => {
      const rows = await this.db
        .selectDistinctOn([staticPages.slug], {
          id: staticPages.id,
          slug: staticPages.slug,
          licence: staticPages.licence,
          locale: staticPages.locale,
          title: staticPages.title,
          categories: staticPages.categories,
          position: staticPages.position,
        })
        .from(staticPages)
        .where(
          and(
            eq(staticPages.enabled, true),
            or(eq(staticPages.licence, licence), isNull(staticPages.licence)),
            inArray(staticPages.locale, localeChain(locale)),
          ),
        )
        .orderBy(staticPages.slug, ...preference(locale));
      return rows
        .sort((a, b) => a.position - b.position || a.slug.localeCompare(b.slug))
        .map((p) => ({
          id: p.id,
          slug: p.slug,
          path: `/${p.slug}`,
          title: p.title,
          licence: p.licence,
          locale: p.locale,
          categories: p.categories,
          children: [],
        }));
    });
  }

  /**
   * One page by slug. `slug/EE` asks for a licence variant explicitly; a bare slug gets the
   * request's licence variant. Either falls back to the page every licence sees, and a locale
   * without the page falls back to English.
   */
  page(slugPath: string, locale: string, requestLicence: Licence): Promise<CmsPage> {
    const [slug = '', suffix] = slugPath.split('/');
    const licence = suffix ? suffix.toUpperCase() : requestLicence;
    return this.cached(`page:${slug}:${licence}:${locale}`, async () => {
      const [row] = await this.db
        .select()
        .from(staticPages)
        .where(
          and(
            eq(staticPages.slug, slug),
            eq(staticPages.enabled, true),
            or(eq(staticPages.licence, licence), isNull(staticPages.licence)),
            inArray(staticPages.locale, localeChain(locale)),
          ),
        )
        .orderBy(...preference(locale))
        .limit(1);
      if (!row) throw notFound();
      return pageAnswer(row);
    });
  }

  snippets(locale: string): Promise<CmsSnippet[]> {
    return this.cached(`snippets:${locale}`, async () => {
      const rows = await this.db
        .selectDistinctOn([snippets.key])
        .from(snippets)
        .where(inArray(snippets.locale, localeChain(locale)))
        .orderBy(snippets.key, sql`${snippets.locale} = ${locale} desc`);
      return rows.map((s) => ({ id: s.key, content: s.content, categories: s.categories }));
    });
  }

  files(locale: string): Promise<CmsFile[]> {
    return this.cached(`files:${locale}`, async () => {
      const rows = await this.db
        .selectDistinctOn([files.name], {
          id: files.id,
          name: files.name,
          locale: files.locale,
          contentType: files.contentType,
          categories: files.categories,
        })
        .from(files)
        .where(or(isNull(files.locale), inArray(files.locale, localeChain(locale))))
        .orderBy(files.name, sql`${files.locale} = ${locale} desc nulls last`);
      return rows.map((f) => ({
        id: f.id,
        name: f.name,
        url: fileUrl(f.name),
        content_type: f.contentType,
        locale: f.locale,
        categories: f.categories,
      }));
    });
  }

  /** A published file's body, for `GET /cms/files/:name`. */
  file(name: string): Promise<{ contentType: string; body: string }> {
    return this.cached(`file:${name}`, async () => {
      const [row] = await this.db
        .select({ contentType: files.contentType, body: files.body })
        .from(files)
        .where(eq(files.name, name))
        .orderBy(sql`${files.locale} nulls first`)
        .limit(1);
      if (!row) throw notFound();
      return row;
    });
  }

  /**
   * The banners running now in `locale` (English where a banner has no translation), in order.
   * Cached like the rest, so a banner starts or ends at most a few seconds late.
   */
  banners(locale: string): Promise<Banner[]> {
    return this.cached(`banners:${locale}`, async () => {
      const now = new Date();
      const rows = await this.db
        .selectDistinctOn([banners.identifier])
        .from(banners)
        .where(
          and(
            inArray(banners.locale, localeChain(locale)),
            or(isNull(banners.startsAt), lte(banners.startsAt, now)),
            or(isNull(banners.endsAt), gt(banners.endsAt, now)),
          ),
        )
        .orderBy(banners.identifier, sql`${banners.locale} = ${locale} desc`);
      return rows
        .sort((a, b) => a.position - b.position || a.identifier.localeCompare(b.identifier))
        .map((b) => ({
          id: b.id,
          identifier: b.identifier,
          title: { text: b.data.title },
          description: { text: b.data.description },
          categories: b.categories,
          groups: b.groups,
          logged: b.logged,
          gradient: [...b.data.gradient],
          labels: b.data.labels,
          button: b.data.button,
          image: b.data.image,
          start_at: b.startsAt ? b.startsAt.toISOString() : null,
          end_at: b.endsAt ? b.endsAt.toISOString() : null,
          position: b.position,
          size: b.data.size,
        }));
    });
  }

  /**
   * A front-end config by name: the stored value, else its default; unknown names are 404. With
   * `db` (a caller's transaction: PGlite has one connection, a read beside it would wait for ever)
   * the value is read through it, uncached.
   */
  async feConfig(name: string, locale: string, db?: Executor): Promise<unknown> {
    const parsed = feConfigNameSchema.safeParse(name);
    if (!parsed.success) throw notFound();
    const known: FeConfigName = parsed.data;
    if (known === 'banners-config') return { banners: await this.banners(locale) };
    const load = async (via: Executor) => {
      const [row] = await via.select({ value: feConfigs.value }).from(feConfigs).where(eq(feConfigs.name, known));
      return row ? row.value : feConfigValues()[known];
    };
    // The content's texts in the locale (the wheel's segments, the adventures); in English as stored.
    return feConfigInLocale(known, await (db ? load(db) : this.cached(`fe:${known}`, () => load(this.db))), locale);
  }

  /**
   * One page of the news (docs/rules/content-pages.md "News"): the enabled pages of category
   * `news` in `locale` (English where an article has no translation), the licence's variant first,
   * newest first by the `date` of their json block (then by slug). An article without a valid
   * date is left out.
   */
  async news(locale: string, licence: Licence, page: number, pageSize: number): Promise<NewsResponse> {
    const all = await this.cached(`news:${locale}:${licence}`, async () => {
      const rows = await this.db
        .selectDistinctOn([staticPages.slug], {
          slug: staticPages.slug,
          locale: staticPages.locale,
          title: staticPages.title,
          blocks: staticPages.blocks,
        })
        .from(staticPages)
        .where(
          and(
            eq(staticPages.enabled, true),
            arrayContains(staticPages.categories, [NEWS_CATEGORY]),
            or(eq(staticPages.licence, licence), isNull(staticPages.licence)),
            inArray(staticPages.locale, localeChain(locale)),
          ),
        )
        .orderBy(staticPages.slug, ...preference(locale));
      const items: NewsItem[] = [];
      for (const row of rows) {
        const json = newsArticleJsonSchema.safeParse(row.blocks.json);
        if (!json.success) continue;
        items.push({
          slug: row.slug,
          path: `/blog/${row.slug}`,
          title: row.title,
          description: row.blocks.description,
          date: json.data.date,
          image: json.data.image ?? null,
          locale: row.locale,
        });
      }
      return items.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    });
    const start = (page - 1) * pageSize;
    return { data: all.slice(start, start + pageSize), pagination: paginate(page, pageSize, all.length) };
  }

  /**
   * The json block of an enabled page in English, the page every licence sees first (undefined
   * when there is none), read through `db` uncached: the wheel reads its terms in its handlers'
   * transactions, and an operator's change counts at the next read.
   */
  async pageJson(slug: string, db: Executor = this.db): Promise<Record<string, unknown> | undefined> {
    const [row] = await db
      .select({ blocks: staticPages.blocks })
      .from(staticPages)
      .where(and(eq(staticPages.slug, slug), eq(staticPages.enabled, true), eq(staticPages.locale, DEFAULT_LOCALE)))
      .orderBy(sql`${staticPages.licence} is null desc`)
      .limit(1);
    return row?.blocks.json;
  }
}

/** A page row as `GET /api/cms/pages/:slug` answers it (the back office's preview answers the same). */
export function pageAnswer(row: typeof staticPages.$inferSelect): CmsPage {
  return {
    id: row.id,
    slug: row.slug,
    path: `/${row.slug}`,
    title: row.title,
    licence: row.licence,
    locale: row.locale,
    categories: row.categories,
    children: [],
    content: row.content,
    blocks: {
      title: row.blocks.title,
      description: row.blocks.description,
      keywords: row.blocks.keywords,
      'content-main': row.blocks.content_main,
      json: JSON.stringify(row.blocks.json),
    },
  };
}

/** The locales to look in, best first: the asked one, then English. */
function localeChain(locale: string): string[] {
  return locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE];
}

/** Order of preference among a slug's rows: the licence variant first, then the asked locale. */
function preference(locale: string) {
  return [sql`${staticPages.licence} is null`, sql`${staticPages.locale} = ${locale} desc`];
}

export function fileUrl(name: string): string {
  return `/cms/files/${encodeURIComponent(name)}`;
}
