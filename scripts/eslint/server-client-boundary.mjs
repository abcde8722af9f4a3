import fs from "node:fs";
import path from "node:path";

/**
 * The server/client boundary (docs/architecture.md, "The server/client boundary"), as an ESLint rule of this repository:
 *
 * - server code: every `server/` folder (lib/<feature>/server/, lib/<feature>/<part>/server/), each
 *   feature's manifest (features/<name>/feature.ts: it names the feature's jobs and event consumers),
 *   lib/env/server.ts and lib/env/schema.ts (the server's variables), lib/i18n/server.ts, the
 *   server-only infrastructure folders (SERVER_INFRA), and the React Server Components in
 *   components/, each marked by `import "server-only"` (the build fails should one reach a browser),
 *   but for the manifests and the lists built from them, which the migration step loads outside
 *   Next (their server code is behind `import()`, and marked);
 * - browser code: every `client/` folder, every file that starts with "use client", and the rest of
 *   components/;
 * - shared code: the rest of lib/ (schemas, pure logic), which both sides import.
 *
 * Browser code may not import lib/log either (NODE_ONLY), which shared code may.
 * Browser code and shared code may not import server code, and server code may not import a
 * `client/` folder. A "use client" file may not reach server code through the files it imports
 * either (a helper without a directive it imports is in the browser's bundle too). Allowed across:
 * type-only imports (erased, never bundled) and "use server" modules (server actions: the
 * browser gets a reference, not the code).
 */

const SERVER_INFRA = ["db", "jobs", "rate-limit", "server", "health", "clock", "crypto", "composition"];
const SERVER_FILE = new RegExp(
  `^(?:features/[^/]+/(?:(?:.+/)?server/|feature\\.ts$)|lib/(?:(?:.+/)?server/|(?:env/(?:server|schema)|i18n/server)\\.tsx?$|(?:${SERVER_INFRA.join("|")})/))`,
);
/**
 * Node-only code that shared lib code may import (it runs on the server only: the error envelope's
 * mapping logs) but the browser may not: the logger (pino, AsyncLocalStorage; docs/adr/0250-structured-logs.md).
 */
const NODE_ONLY = /^lib\/log\//;
const CLIENT_FOLDER = /^(?:lib|features)\/(?:.+\/)?client\//;
/** UI: components/ and each feature's components/ folder. */
const UI_FILE = /^(?:components|features\/[^/]+\/components)\//;
const TEST_FILE = /\.(test|bench)\.tsx?$|\.fixture\.ts$|(^|\/)testing\//;
const DIRECTIVE = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use (client|server)["']/;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
// Value imports and re-exports of a file's text (type-only ones left out), for following a client file's imports.
const IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?["']([^"']+)["']/g;

const root = path.resolve(import.meta.dirname, "../..");
const texts = new Map();

function read(file) {
  if (!texts.has(file))
    texts.set(file, fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), "utf8") : "");
  return texts.get(file);
}

const resolved = new Map();

/** The repository path a specifier names ("lib/x/y.ts"), or null for a package. */
function resolve(specifier, fromFile) {
  let base;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  if (!resolved.has(base)) {
    const found = EXTENSIONS.map((extension) => base + extension).find((candidate) => {
      const full = path.join(root, candidate);
      return fs.existsSync(full) && fs.statSync(full).isFile();
    });
    resolved.set(base, found ?? null);
  }
  return resolved.get(base);
}

const SERVER_ONLY = /^\s*import\s+["']server-only["']/m;
const directiveOf = (file) => DIRECTIVE.exec(read(file))?.[1] ?? null;
/** A server component of components/: it says so with `import "server-only"`. */
const isServerComponent = (file, text = read(file)) => UI_FILE.test(file) && SERVER_ONLY.test(text);
const isServer = (file) => (SERVER_FILE.test(file) || isServerComponent(file)) && directiveOf(file) !== "server";
const onlyTypes = (clause) =>
  /^\{[^}]*\}$/.test(clause.trim()) &&
  clause
    .replace(/[{}\s]/g, "")
    .split(",")
    .filter(Boolean)
    .every((name) => name.startsWith("type"));

const imports = new Map();

function valueImports(file) {
  if (!imports.has(file)) {
    const found = [];
    for (const [, typeKeyword, clause = "", specifier] of read(file).matchAll(IMPORT)) {
      if (typeKeyword || (clause && onlyTypes(clause))) continue;
      const target = resolve(specifier, file);
      if (target) found.push(target);
    }
    imports.set(file, found);
  }
  return imports.get(file);
}

const reached = new Map();

/** The first server file a client file reaches through `target`, with the way there; null if none (remembered per file). */
function serverReached(target) {
  if (reached.has(target)) return reached.get(target);
  reached.set(target, null); // a cycle back here adds nothing (and npm run layers refuses cycles)
  let way = null;
  if (directiveOf(target) === "server") way = null;
  else if (isServer(target) || NODE_ONLY.test(target)) way = [target];
  else
    for (const next of valueImports(target)) {
      const further = serverReached(next);
      if (further) {
        way = [target, ...further];
        break;
      }
    }
  reached.set(target, way);
  return way;
}

function isTypeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

export const serverClientBoundary = {
  meta: {
    type: "problem",
    docs: {
      description: "Browser and shared code may not import server code; server code may not import client/ folders",
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    if (TEST_FILE.test(file)) return {};
    const useClient = context.sourceCode.ast.body.some(
      (s) => s.type === "ExpressionStatement" && s.directive === "use client",
    );
    const server = SERVER_FILE.test(file) || isServerComponent(file, context.sourceCode.text);
    const browser = useClient || CLIENT_FOLDER.test(file) || (UI_FILE.test(file) && !server);
    const shared = /^(?:lib|features)\//.test(file) && !server && !browser;
    if (!browser && !shared && !server) return {};

    function check(node) {
      if (!node.source || isTypeOnly(node)) return;
      const target = resolve(node.source.value, file);
      if (!target || TEST_FILE.test(target)) return;
      if (server && CLIENT_FOLDER.test(target)) {
        context.report({ node, message: `Server code may not import browser-only code (${target}).` });
        return;
      }
      if (server) return;
      const way = useClient
        ? serverReached(target)
        : isServer(target) || (browser && NODE_ONLY.test(target))
          ? [target]
          : null;
      if (!way) return;
      const side = browser ? "Browser code" : "Shared lib code";
      const through = way.length > 1 ? ` (through ${way.slice(0, -1).join(" → ")})` : "";
      context.report({
        node,
        message: `${side} may not import server code: ${way[way.length - 1]}${through}. Move what both need to a shared file, or call it through a route or a "use server" action.`,
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ ...node, source: node.source.type === "Literal" ? node.source : null }),
    };
  },
};

const plugin = { rules: { "server-client": serverClientBoundary } };

export default plugin;
