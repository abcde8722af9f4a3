// Our npm registry mirror serves only the Linux builds of packages that ship one
// binary package per platform (Next's SWC, Tailwind's oxide, unrs-resolver). npm
// then leaves the other platforms' optional packages out of package-lock.json,
// and `npm ci` refuses the lock as "out of sync". This adds an entry for each such
// package, marked optional and limited to its platform, so npm skips it here and
// fetches it on a machine of that platform. Run after any `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const OS = ["darwin", "win32", "linux", "android", "freebsd", "openharmony", "wasm32"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasi"];

function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.find((token) => OS.includes(token));
  const cpu =
    tokens.find((token) => CPU.includes(token)) ??
    (tokens.includes("gnueabihf") || tokens.includes("musleabihf") || tokens.includes("eabi") ? "arm" : undefined);
  if (os === "wasm32") return { cpu: ["wasm32"] };
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const parentDir = path ? `${path}/node_modules/` : "node_modules/";
    if (lock.packages[`${parentDir}${name}`] || lock.packages[`node_modules/${name}`]) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added += 1;
  }
}
if (process.argv.includes("--check")) {
  if (added) {
    console.error(
      `package-lock.json lacks ${added} other-platform optional package(s): run \`node scripts/fix-lockfile.mjs\`.`,
    );
    process.exit(1);
  }
  process.exit(0);
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added ? `package-lock.json: added ${added} other-platform optional package(s).` : "package-lock.json: complete.",
);
