/** The cms module's public face: pages, snippets, banners, fe configs, countries, locales, licences. */
import type { OrbitModule } from '../../platform/module';
import { contentRoutes } from './routes/content';
import { feConfigRoutes, infoRoutes } from './routes/info';
import { seedCms } from './seed';
import { CmsService } from './service';

export { signUpCountryOf, visitorCountry } from './geo';
export { requestLocale } from './locale';
export { defaultCountryFor, licenceForHost, MINIMUM_AGE } from './licence';
export { CmsService } from './service';
export { adventureInLocale, WHEEL_BOX_TEXTS, WHEEL_SEGMENTS_SEED, WHEEL_TIERS_SEED } from './fe-config-texts';

export const cmsModule: OrbitModule = {
  name: 'cms',
  routes: async (app, ctx) => {
    const service = new CmsService(ctx.db);
    await infoRoutes(service)(app, ctx);
    await feConfigRoutes(service)(app);
    await contentRoutes(service)(app, ctx);
  },
  seed: seedCms,
};
