import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as loader from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";

// Prisma's CLI would download a native schema engine, which this network cannot
// reach. The WebAssembly build of the same engine, driven through adapter-pg,
// applies and diffs migrations with Prisma's own folder layout and bookkeeping.

const require = createRequire(import.meta.url);
export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SCHEMA_PATH = path.join(ROOT, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT, "prisma/migrations");

let wasmReady: Promise<void> | undefined;
let lastPanic = "";
// The engine reports Rust panics through this global before it aborts.
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
  set_message(message: string) {
    lastPanic = message;
  },
};

/** The message of the engine's last panic, for error reports. */
export function lastEnginePanic(): string {
  return lastPanic;
}

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    // The binary must match its JS glue byte for byte (wasm-bindgen's import names): both come from
    // @prisma/schema-engine-wasm. Its `exports` map lists no .wasm, so it is found beside the glue.
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmPath = path.join(path.dirname(gluePath), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      "./schema_engine_bg.js": loader as unknown as WebAssembly.ModuleImports,
    });
    loader.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return wasmReady;
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
/** `ColumnTypeEnum.Character` of @prisma/driver-adapter-utils. */
const CHARACTER_COLUMN = 6;
/** Carried in the column name from performIO to queryRaw of the same call. */
const CHAR_MARK = "\u0000char";
let charPatched = false;

interface Queryable {
  performIO(query: unknown): Promise<{ fields: { name: string; dataTypeID: number }[] }>;
  queryRaw(query: unknown): Promise<{ columnNames: string[]; columnTypes: number[] }>;
}

/**
 * Works around two behaviours of @prisma/adapter-pg 7.10.0 (pinned exactly in package.json; check
 * both again before moving it):
 * - Its `fieldToColumnType` has no case for Postgres' internal one-byte `"char"` type (oid 18),
 *   which the engine's catalog queries return (relkind, contype, ...), and throws
 *   `UnsupportedNativeDataType`; those columns are passed to the engine as the Character column
 *   type it expects. No upstream issue was found for it.
 * - Its `executeScript` runs `script.split(";")` statement by statement (the "crude
 *   implementation" named in prisma/orm pull request #27510, which only learned to skip empty pieces), so
 *   a migration with a function body is cut apart.
 * Tooling only: the app's runtime client never loads this module.
 */
async function patchCharColumns(factory: PrismaPg): Promise<void> {
  if (charPatched) return;
  const adapter = await factory.connect();
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter)) as Queryable;
  const { performIO, queryRaw } = queryable;
  queryable.performIO = async function (this: Queryable, query) {
    const result = await performIO.call(this, query);
    for (const field of result.fields) {
      if (field.dataTypeID !== PG_CHAR_OID) continue;
      field.dataTypeID = PG_TEXT_OID;
      field.name += CHAR_MARK;
    }
    return result;
  };
  queryable.queryRaw = async function (this: Queryable, query) {
    const result = await queryRaw.call(this, query);
    result.columnNames.forEach((name, index) => {
      if (!name.endsWith(CHAR_MARK)) return;
      result.columnNames[index] = name.slice(0, -CHAR_MARK.length);
      result.columnTypes[index] = CHARACTER_COLUMN;
    });
    return result;
  };
  // adapter-pg splits a script at every `;` (see above), which cuts a function's body apart: a
  // migration is sent whole instead, as one simple-protocol query (Postgres runs it as one transaction).
  const adapterClass = Object.getPrototypeOf(adapter) as { executeScript(script: string): Promise<void> };
  adapterClass.executeScript = async function (
    this: { client: { query(sql: string): Promise<unknown> }; onError(error: unknown): never },
    script: string,
  ) {
    try {
      await this.client.query(script);
    } catch (error) {
      this.onError(error);
    }
  };
  charPatched = true;
  await adapter.dispose();
}

export interface EngineHandle {
  engine: SchemaEngine;
  schema: string;
  /** Frees the engine and ends its connections (none may stay: a template database is copied only when no one is connected to it). */
  close(): Promise<void>;
}

/** A schema engine connected to `connectionString`, loaded with the project's schema. */
export async function openSchemaEngine(connectionString: string): Promise<EngineHandle> {
  await loadWasm();
  const schema = await readFile(SCHEMA_PATH, "utf8");
  const factory = new PrismaPg(pgConfig(connectionString));
  await patchCharColumns(factory);
  // The engine connects through the factory but never disposes what it got (each a pool of its own).
  const opened: { dispose(): Promise<void> }[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const connection = await connect();
    opened.push(connection);
    return connection;
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const log = (message: string) => {
    if (process.env.SCHEMA_ENGINE_DEBUG) console.error(message);
  };
  const engine = await loader.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, log, adapter);
  return {
    engine,
    schema,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((connection) => connection.dispose()));
    },
  };
}

/** adapter-pg derives shadow databases from a config object, not from a URL string. */
function pgConfig(connectionString: string) {
  const url = new URL(connectionString);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1) || "postgres",
  };
}

export async function readMigrations(): Promise<MigrationList> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true }).catch(() => []);
  const dirs = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrationDirectories = await Promise.all(
    dirs.map(async (dir) => ({
      path: dir,
      migrationFile: {
        path: "migration.sql",
        content: await readFile(path.join(MIGRATIONS_DIR, dir, "migration.sql"), "utf8").then(
          (value) => ({ tag: "ok" as const, value }),
          (error: Error) => ({ tag: "error" as const, value: error.message }),
        ),
      },
    })),
  );
  const lockPath = path.join(MIGRATIONS_DIR, "migration_lock.toml");
  const lockContent = await readFile(lockPath, "utf8").catch(() => null);
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] };
