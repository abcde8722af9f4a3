import { PHASE_PRODUCTION_SERVER } from "next/constants.js";

// next-intl without i18n routing: the request config (locale from cookie / Accept-Language) is in
// i18n/request.ts. The catalogues are precompiled at build time, so no ICU parser reaches the browser
// (the trial balance page's JavaScript budget). The catalogues are the features' messages merged into
// one per language (scripts/lib/messages.ts), written before every build.
const nextIntlPluginOptions = {
  requestConfig: "./i18n/request.ts",
  experimental: {
    messages: { format: "json", path: "./lib/i18n/messages/generated", locales: ["en", "de"], precompile: true },
  },
};

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PDFKit reads its font metrics from its own folder at run time: keep it out of the bundle.
  // The others are loaded once per process from node_modules instead of bundled: Turbopack puts
  // the same server chunk under a different name into each route that uses it, and Node keeps
  // each loaded chunk's source text — 15 copies of zod, 13 of undici, 3 of date-holidays' data
  // (docs/adr/0230-app-memory.md).
  // pino and pino-pretty (lib/log) likewise: one copy per process, shared with server.ts, which loads
  // them from node_modules too; pino-pretty only when LOG_FORMAT=pretty (docs/adr/0250-structured-logs.md).
  serverExternalPackages: [
    "pdfkit",
    "zod",
    "undici",
    "date-holidays",
    "exceljs",
    "nodemailer",
    "papaparse",
    "pino",
    "pino-pretty",
    // OpenTelemetry (lib/telemetry/sdk.ts), loaded only when tracing is on: one copy per process.
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/resources",
    "@opentelemetry/semantic-conventions",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
    "@prisma/instrumentation",
    // One metrics registry per process, shared with server.ts (lib/metrics/registry.ts).
    "prom-client",
  ],
  reactStrictMode: true,
  // Each route's code is loaded by its first request, not all ~90 at start-up: a process holds
  // the routes it serves (docs/adr/0230-app-memory.md; Next's memory guide).
  experimental: { preloadEntriesOnStart: false },
  // Types are checked by `npm run check` (tsc --noEmit, which CI and `npm test` run), not again by
  // every build: on two cores that second check was ~40–70 s of a newcomer's first `npm start`
  // (docs/adr/0220-build-without-type-check.md). Next 16's build runs no lint step.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // Separate build folders let several checkouts' test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The sandbox, scripts and tests are not part of the app bundle.
  outputFileTracingExcludes: { "*": ["sandbox/**", "e2e/**", "scripts/**"] },
};

/**
 * The production server (server.ts) reads this file too, but runs what the build made: the
 * next-intl plugin only configures the bundler (aliases, loaders), and importing it loads SWC's
 * native binding and a file watcher — ~29 MB of every app process's memory for nothing
 * (docs/adr/0230-app-memory.md). Builds and the dev server get it.
 */
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { default: createNextIntlPlugin } = await import("next-intl/plugin");
  return createNextIntlPlugin(nextIntlPluginOptions)(nextConfig);
}
