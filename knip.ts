import type { KnipConfig } from "knip";

// `npm run check` runs knip: no unused files, exports or dependencies. The entries are what runs
// without being imported: Next's app/ files (its plugin finds them), the tests (vitest and
// playwright plugins), the scripts behind package.json, the benches and the child processes the
// tests spawn by path.
const config: KnipConfig = {
  entry: [
    // the app's HTTP server, bundled by scripts/lib/next-build.ts and run by node
    "server.ts",
    "scripts/*.ts",
    "scripts/db/{diff,generate,migrate,roles,serve-embedded}.ts",
    "scripts/generate/*.ts",
    // the embedded Postgres's keeper, spawned by path from embedded-postgres.ts
    "scripts/db/postgres-watchdog.mjs",
    // preloaded by path into every Node child of scripts/lib/processes.ts
    "scripts/lib/exit-with-owner.mjs",
    // spawned by path from scripts/lib/processes.test.ts
    "scripts/lib/testing/owner.ts",
    "scripts/test/*.ts",
    "sandbox/bench.ts",
    "**/*.bench.ts",
    "features/payroll/components/imports/import-validate.worker.ts",
    "features/month-close/components/checks.worker.ts",
    // spawned by path from engine.test.ts and access-token.test.ts
    "features/payroll/imports/worker-process.fixture.ts",
    // spawned by path from features/mail/server/worker-crash.test.ts
    "features/mail/server/outbox-worker.fixture.ts",
    "features/accounting/testing/renew-concurrently.ts",
    // spawned by path from upstream-budget.bench.ts
    "lib/http/server/testing/budget-bench-worker.ts",
    // spawned by path from lib/audit/chain/chain.test.ts (a second process of parallel writers)
    "lib/audit/chain/testing/concurrent-writer.ts",
    // spawned by path from scripts/db/migrate.ts (chains the entries written before the chain)
    "scripts/db/chain-audit.ts",
    // the web process's operations thread, started by path from lib/composition/ops-thread/start.ts
    "lib/composition/ops-thread/entry.ts",
  ],
  project: ["**/*.{ts,tsx,mjs,css}", "!lib/db/generated/**"],
  // An export used only in its own file is not dead code.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // The generated Prisma client (lib/db/generated, not analysed) imports its runtime.
    "@prisma/client",
  ],
  // System tools the benches and the two-process test call, and useradd (the embedded Postgres's user under root).
  ignoreBinaries: ["pg_dump", "taskset", "useradd"],
  compilers: {
    // Tailwind 4 is imported from CSS (`@import "tailwindcss"` in app/globals.css).
    css: (text: string) =>
      [...text.matchAll(/@import\s+["']([^"']+)["']/g)].map(([, specifier]) => `import "${specifier}";`).join("\n"),
  },
};

export default config;
