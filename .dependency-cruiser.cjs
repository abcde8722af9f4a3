const { featureLayers } = require("./scripts/layers/feature-layers.cjs");

// The layers of the code, bottom first, enforced by `npm run check` (`npm run layers`): a module
// may import its own layer and the layers below it, never one above; and no import cycle at all.
// Features are layers of their own, in the order of the list of manifests (lib/composition/features.ts,
// read by scripts/layers/feature-layers.cjs), so there is no cycle between features either; features
// that import each other's modules share one, named by their manifests' `layerGroup`.
// docs/architecture.md, "Layers", lists the same order. Tests, benches, fixtures and testing/ helpers may
// reach across (a test drives the whole stack); they are still checked for cycles.
// A feature's logic is features/<name>/ without its components/ folder (LOGIC); its UI, that folder,
// sits with the shell's components/ above every feature's logic.
const logic = (names) => `^features/(${names.join("|")})/(?!components/)`;

// lib/ folders in a layer group's layer: the domain events' core and the manifests' shape, with the
// features that consume every event ("events": notifications with mail, its channel, and webhooks).
const LIB_IN_GROUP = { events: ["^lib/(events|features-core)/"] };
const FEATURE_LAYERS = featureLayers().map(({ group, features }) =>
  group === undefined
    ? [`feature ${features[0]}`, [logic(features)]]
    : [`${group}: features ${features.join(", ")}`, [...(LIB_IN_GROUP[group] ?? []), logic(features)]],
);
for (const group of Object.keys(LIB_IN_GROUP))
  if (!FEATURE_LAYERS.some(([name]) => name.startsWith(`${group}:`)))
    throw new Error(`layers: no manifest names the layer group "${group}", the layer of ${LIB_IN_GROUP[group]}`);

const LAYERS = [
  ["crypto: pure sealing and key rings", ["^lib/crypto/"]],
  ["env: the process's configuration", ["^lib/env/"]],
  [
    "tracing hooks: the no-op points where code meets tracing, span scrubbing, trace context",
    ["^lib/telemetry/(?!server/)"],
  ],
  ["log: the one logger and the request's or job's log context", ["^lib/log/"]],
  ["metrics: the registry, the recorders of requests and upstream calls", ["^lib/metrics/(?!server/)"]],
  ["values: languages, dates, money, CSV", ["^lib/(i18n|dates|money|csv)/"]],
  [
    "process: clock, database, detached work, the app's sealed secrets",
    ["^lib/(clock|db|store)/", "^lib/server/(?!patches/)"],
  ],
  ["http: errors, envelopes, upstream calls, the browser's fetch", ["^lib/http/(?!server/(route|noop)\\.ts$)"]],
  [
    "services: rate limits, pg-boss and a queue's shape, health, the tracing SDK",
    ["^lib/(rate-limit|jobs|health)/", "^lib/telemetry/server/"],
  ],
  ["metrics gauges: read when scraped (pool, streams, queues, schedules, budget)", ["^lib/metrics/server/"]],
  ["session: who is signed in", ["^lib/auth/"]],
  [
    "route wrapper: every route handler's one wrapper (and the bench's no-op route)",
    ["^lib/http/server/(route|noop)\\.ts$"],
  ],
  ["audit core: record, kind registry, query, presenter contract", ["^lib/audit/"]],
  ...FEATURE_LAYERS,
  [
    "composition root: the job registry, test controls, process patches, the HTTP server's method filter",
    ["^lib/composition/", "^lib/server/patches/"],
  ],
  ["components: the shell's and each feature's UI", ["^components/", "^features/[^/]+/components/"]],
  [
    "app: routes, pages, instrumentation, proxy, the two processes' entries",
    ["^app/", "^(instrumentation|proxy|server|worker)\\.ts$"],
  ],
];

// Tests, benches and their helpers drive the whole stack on purpose.
const TESTS = "\\.(test|bench)\\.tsx?$|/testing/|\\.fixture\\.ts$";

// A production module that no layer names: a new lib/ folder must get its place in LAYERS (a feature
// gets its own from the list of manifests). Two rules, as a rule only sees modules with a dependency: one for what such a
// module imports, one for what imports it (a module with neither is dead code, which knip finds).
const UNLAYERED = {
  path: "^(app|components|features|lib)/",
  pathNot: [TESTS, ...LAYERS.flatMap(([, paths]) => paths)],
};
const inALayer = [
  { from: UNLAYERED, to: {} },
  { from: {}, to: UNLAYERED },
].map((rule) => ({
  name: "in-a-layer",
  comment: "Every production module is in a layer: give its folder a place in LAYERS",
  severity: "error",
  ...rule,
}));

const layerRules = LAYERS.slice(0, -1).map(([name, paths], index) => ({
  name: `layer: ${name.split(":")[0]}`,
  comment: `${name} may not import a layer above it`,
  severity: "error",
  from: { path: paths, pathNot: TESTS },
  to: { path: LAYERS.slice(index + 1).flatMap(([, above]) => above) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import cycle: modules that can only be understood (and loaded) together",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...inALayer,
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|lib/db/generated|\\.next)" },
    // Type-only imports count: a layer's types are part of what it depends on.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
