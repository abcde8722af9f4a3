/**
 * An empty value means unset: `.env.example` copied to `.env.local` lists every variable as
 * `NAME=`, and Next loads that file into the app's own environment too.
 */
export function withoutEmptyValues(env: unknown): unknown {
  if (typeof env !== "object" || env === null) return env;
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
}
