/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Separate build folders let several checkouts' test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The sandbox, scripts and tests are not part of the app bundle.
  outputFileTracingExcludes: { "*": ["sandbox/**", "e2e/**", "scripts/**"] },
};

export default nextConfig;
