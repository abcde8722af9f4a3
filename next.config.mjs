import createNextIntlPlugin from "next-intl/plugin";

// next-intl without i18n routing: the request config (locale from cookie / Accept-Language) is in
// i18n/request.ts. The catalogues are precompiled at build time, so no ICU parser reaches the browser
// (the trial balance page's JavaScript budget). The catalogues are the features' messages merged into
// one per language (scripts/lib/messages.ts), written before every build.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { format: "json", path: "./lib/i18n/messages/generated", locales: ["en", "de"], precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PDFKit reads its font metrics from its own folder at run time: keep it out of the bundle.
  serverExternalPackages: ["pdfkit"],
  reactStrictMode: true,
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

export default withNextIntl(nextConfig);
