/** The cms module's public face: pages, snippets, banners, fe configs, countries, locales, licences. */
import type { OrbitModule } from '../../platform/module';
import { ContentDesk } from './desk';
import { openCountryTable } from './geo';
import { PageJsonFillers } from './page-json-fillers';
import { contentRoutes } from './routes/content';
import { feConfigRoutes, infoRoutes } from './routes/info';
import { seedCms } from './seed';
import { CmsService } from './service';

export { signUpCountryOf, visitorCountry } from './geo';
export { offeredLocales } from './offered-locales';
export { COUNTRY_BLOCKED, countryBlocked, fromBlockedCountry, refuseBlockedCountry } from './legal-block';
export { requestLocale } from './locale';
export { defaultCountryFor, guestLicenceOf, licenceForHost, licenceOf, MINIMUM_AGE } from './licence';
export { CmsService } from './service';
export type { ContentChange, ContentDesk, ContentWriter } from './desk';
export { PageJsonFillers, type PageJsonFiller } from './page-json-fillers';
export { adventureInLocale, WHEEL_BOX_TEXTS, WHEEL_SEGMENTS_SEED, WHEEL_TIERS_SEED } from './fe-config-texts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What modules above write into a static page's json as it is answered (promotions: the wheel's page). */
    orbitPageJsonFillers: PageJsonFillers;
  }
}

export const cmsModule: OrbitModule = {
  name: 'cms',
  routes: async (app, ctx) => {
    // The operator's GeoIP database, opened now: a file that cannot be read stops the start.
    if (ctx.config.geoipDatabase) app.decorate('orbitCountryTable', openCountryTable(ctx.config.geoipDatabase));
    const service = new CmsService(ctx.db);
    // The write path shares the service: a write forgets its cached answers at once.
    // The page cache is mounted after the modules: looked up at the write.
    app.decorate('orbitCmsDesk', new ContentDesk(ctx.db, service, () => app.orbitPageCache?.clear()));
    const fillers = new PageJsonFillers();
    app.decorate('orbitPageJsonFillers', fillers);
    await infoRoutes(service)(app, ctx);
    await feConfigRoutes(service)(app);
    await contentRoutes(service, fillers)(app, ctx);
  },
  seed: seedCms,
};
