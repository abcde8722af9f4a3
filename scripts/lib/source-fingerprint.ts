import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Everything a production build of the app depends on, relative to the checkout's root. */
export const BUILD_SOURCES = [
  "app",
  "components",
  "features",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "server.ts",
  "scripts/lib/app-listen.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
];

/** JSON with comments and trailing commas (tsconfig.json) as plain JSON text. */
function stripJsonComments(text: string): string {
  // Strings are kept whole; comments outside them dropped; then commas before a closing bracket.
  const tokens = /"(?:[^"\\]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
  return text.replace(tokens, (token) => (token.startsWith('"') ? token : "")).replace(/,(\s*[\]}])/g, "$1");
}

/** A build folder's types, which `next build` adds to tsconfig.json's `include` (for `tsc`, not for the build). */
const BUILD_TYPES = /^[^/]+\/(dev\/)?types\/\*\*\/\*\.ts$/;

/**
 * tsconfig.json by what it says, not by its bytes: `next build` rewrites it (adds its build
 * folder's types to `include`, one array item a line), which must not count as a change of the
 * sources, or the next `npm start` with another NEXT_DIST_DIR builds again.
 */
export function tsconfigIdentity(text: string): string {
  try {
    const config = JSON.parse(stripJsonComments(text)) as { include?: unknown };
    if (Array.isArray(config.include))
      config.include = config.include.filter((entry) => !(typeof entry === "string" && BUILD_TYPES.test(entry)));
    return JSON.stringify(config);
  } catch {
    return text; // Not JSON the build could read either: its bytes, then.
  }
}

function* walk(root: string, entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  const name = path.relative(root, entry);
  if (name === "tsconfig.json") {
    yield `${name}:${tsconfigIdentity(readFileSync(entry, "utf8"))}`;
  } else if (!stat.isDirectory()) {
    yield `${name}:${createHash("sha256").update(readFileSync(entry)).digest("hex")}`;
  } else {
    for (const child of readdirSync(entry).sort()) yield* walk(root, path.join(entry, child));
  }
}

/**
 * Identity of everything a production build depends on: each file's name and content (tsconfig.json
 * by what it says). Content, not mtimes: git rewrites files it checks out (a branch switched back,
 * a stash popped) with the same content and new mtimes, and each made the next `npm start` build
 * again (1–2 minutes); hashing the ~1,100 files (8.5 MB) takes ~0.2 s.
 */
export function sourceFingerprint(root: string, sources: readonly string[] = BUILD_SOURCES): string {
  const hash = createHash("sha256");
  for (const source of sources) for (const line of walk(root, path.join(root, source))) hash.update(`${line}\n`);
  return hash.digest("hex");
}
