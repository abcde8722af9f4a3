/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  typedRoutes: false,
  // The sandbox, scripts and tests are not part of the app bundle.
  outputFileTracingExcludes: { "*": ["sandbox/**", "e2e/**", "scripts/**"] },
};

export default nextConfig;
