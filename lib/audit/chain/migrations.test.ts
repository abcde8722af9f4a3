import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// From the chain's migration on, no migration may change the trail's rows (docs/adr/0263-audit-hash-chain.md):
// a migration that updated entries (…_audit_transfer_total_euros did, before) would break every
// later hash. A change of format starts a new chain segment instead (docs/adr/0295-audit-chain-segments.md).

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../prisma/migrations");
const CHAIN_MIGRATION = "20261129050346_audit_chain";
const TRAIL_TABLES = "audit_entries|audit_chain_links|audit_checkpoints";
const FORBIDDEN = [
  new RegExp(`\\bUPDATE\\s+"?(${TRAIL_TABLES})"?`, "i"),
  new RegExp(`\\bDELETE\\s+FROM\\s+"?(${TRAIL_TABLES})"?`, "i"),
  new RegExp(`\\bTRUNCATE\\s+(TABLE\\s+)?"?(${TRAIL_TABLES})"?`, "i"),
  new RegExp(`\\bALTER\\s+TABLE\\s+"?(${TRAIL_TABLES})"?\\s+DISABLE\\s+TRIGGER`, "i"),
  new RegExp(`\\bDROP\\s+TRIGGER\\s+"?\\w*(append_only|no_truncate|chain_enqueue)`, "i"),
  // Also what changes stored values without an UPDATE, or switches every trigger off for the session.
  new RegExp(`\\bDROP\\s+TABLE\\s+(IF\\s+EXISTS\\s+)?"?(${TRAIL_TABLES})"?`, "i"),
  new RegExp(`\\bALTER\\s+TABLE\\s+"?(${TRAIL_TABLES})"?[^;]*\\b(DROP\\s+COLUMN|TYPE)\\b`, "i"),
  /\bsession_replication_role\b/i,
];

/** Whether a migration's SQL (comments left out) changes the trail's rows or switches off their protection. */
function changesTrailRows(sql: string): boolean {
  const code = sql.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "");
  return FORBIDDEN.some((pattern) => pattern.test(code));
}

describe("migrations after the audit chain", () => {
  it("recognises what changes the trail", () => {
    expect(changesTrailRows(`UPDATE "audit_entries" SET details = '{}'`)).toBe(true);
    expect(changesTrailRows("delete from audit_chain_links where seq > 3")).toBe(true);
    expect(changesTrailRows(`ALTER TABLE "audit_entries" DISABLE TRIGGER "audit_entries_append_only"`)).toBe(true);
    expect(changesTrailRows("-- UPDATE audit_entries is not allowed\nCREATE INDEX x ON audit_entries (kind)")).toBe(
      false,
    );
    expect(changesTrailRows(`ALTER TABLE "audit_entries" ADD COLUMN "x" TEXT`)).toBe(false);
    expect(changesTrailRows(`ALTER TABLE "audit_entries" ALTER COLUMN "details" TYPE TEXT`)).toBe(true);
    expect(changesTrailRows(`ALTER TABLE "audit_chain_links" DROP COLUMN "format"`)).toBe(true);
    expect(changesTrailRows("SET session_replication_role = replica")).toBe(true);
    expect(changesTrailRows(`ALTER TABLE "audit_checkpoints" ADD COLUMN "opens_format" INTEGER`)).toBe(false);
  });

  it("leave every audit row as it is", () => {
    const later = readdirSync(MIGRATIONS).filter((name) => name > CHAIN_MIGRATION && !name.endsWith(".toml"));
    const offending = later.filter((name) =>
      changesTrailRows(readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8")),
    );
    expect(offending).toEqual([]);
    // The earlier one that did is what this rule is about (and is still caught).
    const renamed = readdirSync(MIGRATIONS).find((name) => name.endsWith("_audit_transfer_total_euros"))!;
    expect(changesTrailRows(readFileSync(path.join(MIGRATIONS, renamed, "migration.sql"), "utf8"))).toBe(true);
  });
});
