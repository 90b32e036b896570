// Architecture boundaries, checked in `npm run lint`:
//   depcruise --config .dependency-cruiser.cjs apps packages
// Paths are relative to the repository root. Workspace packages (@orbit/*) are symlinks in
// node_modules; dependency-cruiser resolves them to their real path (apps/..., packages/...),
// and an unresolvable `@orbit/<app>` import is still matched by its module name.

/**
 * The server modules in layers, lowest first (docs/architecture.md "Layers"): a module may use
 * modules of lower layers only, never a peer of its own layer nor a higher one. Type-only imports
 * count too (`tsPreCompilationDeps`). A new module gets its place in the list before it can import
 * anything. The list is apps/server/src/module-layers.json, the one the server registers its
 * modules in (apps/server/src/modules.ts): a module finds the services of every module it may use.
 */
const SERVER_MODULE_LAYERS = require('./apps/server/src/module-layers.json').map((layer) => layer.modules);
const moduleGroup = (names) => `(${names.join('|')})`;

// The top layer, alone in it, has no peer nor higher module to reach: no rule (it could never trip).
const serverLayerRules = SERVER_MODULE_LAYERS.flatMap((layer, index) =>
  SERVER_MODULE_LAYERS.slice(index).flat().length === 1
    ? []
    : [
        {
          name: `server-module-layer-${layer.join('-')}`,
          severity: 'error',
          comment:
            `${layer.join(', ')} may use only the modules of lower layers (` +
            (SERVER_MODULE_LAYERS.slice(0, index).flat().join(', ') || 'none') +
            "), never a peer or a higher module. React to a higher module's work through its domain events.",
          from: { path: `^apps/server/src/modules/${moduleGroup(layer)}/` },
          to: {
            path: `^apps/server/src/modules/${moduleGroup(SERVER_MODULE_LAYERS.slice(index).flat())}/`,
            pathNot: '^apps/server/src/modules/$1/',
          },
        },
      ],
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...serverLayerRules,
    {
      name: 'server-module-has-a-layer',
      severity: 'error',
      comment:
        'Every server module has its place in SERVER_MODULE_LAYERS (.dependency-cruiser.cjs) before it imports anything.',
      from: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: `^apps/server/src/modules/${moduleGroup(SERVER_MODULE_LAYERS.flat())}/`,
      },
      to: {},
    },
    {
      name: 'server-platform-below-modules',
      severity: 'error',
      comment:
        'platform/ is the layer under every module: it never imports one. A module plugs into the platform (hooks, checks, events) instead.',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment:
        'The shared folders (ui/, lib/, i18n/, realtime/) serve every feature and route; they never import a feature.',
      from: { path: '^apps/web/app/(ui|lib|i18n|realtime)/' },
      to: { path: '^apps/web/app/features/' },
    },
    {
      name: 'web-shared-below-routes',
      severity: 'error',
      comment:
        'Routes compose features and shared code; the shared folders (ui/, lib/, i18n/, realtime/) never import a route.',
      from: { path: '^apps/web/app/(ui|lib|i18n|realtime)/' },
      to: { path: '^apps/web/app/routes/' },
    },
    {
      name: 'web-features-below-routes',
      severity: 'error',
      comment:
        'Routes compose features, never the other way round: a feature that imported a route would ' +
        "drag in that page's loader and its other features. Pass what the feature needs as props.",
      from: { path: '^apps/web/app/features/' },
      to: { path: '^apps/web/app/routes/' },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment:
        "A server module may use another module only through that module's index.ts " +
        '(its service interface). Cross-module reactions go through domain events.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment:
        'Web feature folders do not import each other. Move shared code to the ui kit or ' +
        'a shared folder, or compose features in a route.',
      from: { path: '^apps/web/app/features/([^/]+)/' },
      to: {
        path: '^apps/web/app/features/[^/]+/',
        pathNot: '^apps/web/app/features/$1/',
      },
    },
    {
      name: 'web-not-to-server-or-studio',
      severity: 'error',
      comment:
        'The web app talks to the platform over HTTP and shares types via packages/contracts; ' +
        'it never imports the server or the studio.',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/(server|studio)/', '^@orbit/(server|studio)(/|$)'] },
    },
    {
      name: 'web-not-to-sandbox-psp',
      severity: 'error',
      comment:
        'The sandbox PSP plays an outside payment provider: the web app links to its pages ' +
        '(/sandbox-psp/...) and never imports its code, as it could not import a real PSP.',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/sandbox-psp/', '^@orbit/sandbox-psp(/|$)'] },
    },
    {
      name: 'server-not-to-web',
      severity: 'error',
      comment:
        'The server serves the built web app (platform/http/web.ts loads its build output by path) ' +
        'and shares types with it via packages/contracts; it never imports the web source.',
      from: { path: '^apps/server/' },
      to: { path: ['^apps/web/', '^@orbit/web(/|$)'] },
    },
    {
      name: 'studio-not-to-server-or-web',
      severity: 'error',
      comment:
        'The house game studio talks to the platform only over HTTP (the provider wallet ' +
        'protocol), as a third-party provider would.',
      from: { path: '^apps/studio/' },
      to: { path: ['^apps/(server|web)/', '^@orbit/(server|web)(/|$)'] },
    },
    {
      name: 'sandbox-psp-stands-alone',
      severity: 'error',
      comment:
        'The sandbox PSP behaves as an outside payment provider: it imports nothing of the ' +
        'casino, and the casino reaches it only over HTTP.',
      from: { path: '^apps/sandbox-psp/' },
      to: { path: ['^apps/(server|web|studio)/', '^packages/', '^@orbit/'] },
    },
    {
      name: 'backoffice-app-apart',
      severity: 'error',
      comment:
        "The back office's app (apps/backoffice) is served by the casino from its build output and " +
        "never part of the player's pages: nothing imports it.",
      from: { path: '^apps/(web|server|studio|sandbox-psp)/' },
      to: { path: ['^apps/backoffice/', '^@orbit/backoffice(/|$)'] },
    },
    {
      name: 'backoffice-app-through-api',
      severity: 'error',
      comment:
        "The back office's app talks to the casino over /api/backoffice only; it shares the " +
        'contracts (packages/contracts), never the server, the web or the studio.',
      from: { path: '^apps/backoffice/' },
      to: { path: ['^apps/(server|web|studio|sandbox-psp)/', '^@orbit/(server|web|studio|sandbox-psp)(/|$)'] },
    },
    {
      name: 'server-modules-not-to-sandbox-psp',
      severity: 'error',
      comment:
        'Server modules talk to the sandbox PSP over HTTP through a PSP adapter; only the ' +
        'app assembly may mount it in the same process.',
      from: { path: '^apps/server/src/modules/' },
      to: { path: ['^apps/sandbox-psp/', '^@orbit/sandbox-psp(/|$)'] },
    },
    {
      name: 'server-modules-not-to-studio',
      severity: 'error',
      comment:
        'The house game studio plays a third-party game provider: server modules reach it over ' +
        'HTTP (the provider wallet protocol, game launch URLs); only the app assembly (app.ts) may ' +
        'mount it in the same process.',
      from: { path: '^apps/server/src/modules/' },
      to: { path: ['^apps/studio/', '^@orbit/studio(/|$)'] },
    },
    {
      name: 'contracts-not-to-apps',
      severity: 'error',
      comment: 'packages/contracts is shared by every app and depends on none of them.',
      from: { path: '^packages/contracts/' },
      to: { path: ['^apps/', '^@orbit/(server|web|studio)(/|$)'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Circular dependency. Break it with dependency inversion or a domain event. ' +
        '(Cycles that only close through `import type` are ignored: they vanish at runtime.)',
      from: {},
      to: {
        circular: true,
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '(^|/)node_modules/',
        '(^|/)(dist|build|coverage|\\.test-tmp)/',
        '^apps/web/\\.react-router/',
        '^apps/server/drizzle/',
        '^data/',
      ],
    },
    // See type-only imports too: `import type` across a boundary is still a violation.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
