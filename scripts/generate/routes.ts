import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RoutesTable } from "@/lib/http/contract";
import { GENERATED_MARK, routeFileProblems, routeFiles, type FoundTable } from "./route-files";

/**
 * `npm run generate:routes` writes the route files app/api/…/route.ts that only export handlers,
 * from every route table (features/…/routes.ts) and its feature's handlers object; `-- --check`
 * (part of `npm run check`) writes nothing and fails when a file is not what the tables call for.
 * Hand-written route files (no generated mark on their first line) are left alone.
 * docs/adr/0240-routes-written-once.md says why the files are committed.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every features/…/routes.ts (a feature's UI folder left out), as repository paths. */
function tableFiles(): string[] {
  return (readdirSync(path.join(ROOT, "features"), { recursive: true }) as string[])
    .map((file) => `features/${file.split(path.sep).join("/")}`)
    .filter((file) => path.posix.basename(file) === "routes.ts" && !file.split("/").includes("components"))
    .sort();
}

/** The one `…Routes` export of each table file. */
async function loadTables(): Promise<FoundTable[]> {
  const tables: FoundTable[] = [];
  for (const file of tableFiles()) {
    const exported = (await import(pathToFileURL(path.join(ROOT, file)).href)) as Record<string, unknown>;
    const names = Object.keys(exported).filter((name) => name.endsWith("Routes"));
    if (names.length !== 1)
      throw new Error(`${file} must export one route table named …Routes (found: ${names.join(", ") || "none"}).`);
    tables.push({ file, name: names[0]!, routes: exported[names[0]!] as RoutesTable });
  }
  return tables;
}

/** Every app/api/…/route.ts with its text. */
function existingRouteFiles(): Map<string, string> {
  const files = (readdirSync(path.join(ROOT, "app/api"), { recursive: true }) as string[]).filter(
    (file) => path.basename(file) === "route.ts",
  );
  return new Map(
    files.map((file) => [
      `app/api/${file.split(path.sep).join("/")}`,
      readFileSync(path.join(ROOT, "app/api", file), "utf8"),
    ]),
  );
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const expected = routeFiles(await loadTables());
  const existing = existingRouteFiles();
  if (check) {
    const problems = routeFileProblems(expected, existing);
    if (problems.length === 0) return;
    console.error(
      `The route files are not what the route tables call for:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`,
    );
    console.error("Run `npm run generate:routes` (a hand-written file in a generated one's place: remove it first).");
    process.exitCode = 1;
    return;
  }
  let written = 0;
  for (const [file, text] of expected.files) {
    const before = existing.get(file);
    if (before !== undefined && !before.startsWith(GENERATED_MARK))
      throw new Error(`${file} is written by hand: remove it first.`);
    if (before === text) continue;
    mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    writeFileSync(path.join(ROOT, file), text);
    written += 1;
  }
  let removed = 0;
  for (const [file, text] of existing) {
    if (!text.startsWith(GENERATED_MARK) || expected.files.has(file)) continue;
    rmSync(path.join(ROOT, file));
    removeEmptyFolders(path.dirname(path.join(ROOT, file)));
    removed += 1;
  }
  const problems = routeFileProblems(expected, existingRouteFiles());
  for (const problem of problems) console.error(`  - ${problem}`);
  console.log(
    `Route files: ${expected.files.size} generated (${written} written, ${removed} removed), ${expected.handWritten.size} hand-written in the tables.`,
  );
  if (problems.length > 0) process.exitCode = 1;
}

/** The folders a removed route file leaves empty, up to app/api. */
function removeEmptyFolders(folder: string): void {
  for (
    let at = folder;
    at !== path.join(ROOT, "app/api") && existsSync(at) && readdirSync(at).length === 0;
    at = path.dirname(at)
  ) {
    rmSync(at, { recursive: true });
  }
}

await main();
