import { spawn } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import type { AuditKind } from "@/lib/audit/kinds";
import { entryHash } from "./canonical";
import { chainTestEnv } from "./testing/chain-env";
import { linkAt as linkAtAsOwner, tamper as tamperAsOwner } from "./testing/owner";

// The hash chain on a database of the file's own: the chainer, verification, each kind of tampering
// done as the tables' owner with the append-only trigger off, a consistent rewrite caught by a
// signed checkpoint, and parallel writers in two processes.

const database = await ownDatabase();
const env = chainTestEnv(database.urls.appUrl);
Object.assign(process.env, env);
const { getDb, closeDb } = await import("@/lib/db/client");
const { recordAudit } = await import("@/lib/audit/server/record");
const { chainPending } = await import("./server/append");
const { verifyWorkspaceChain } = await import("./server/verify");
const { signCheckpoint } = await import("./server/checkpoint");
const { chainEntryOf, ENTRY_COLUMNS } = await import("./server/rows");

const owner = new pg.Client({ connectionString: database.urls.migrationUrl });
beforeAll(() => owner.connect());
afterAll(async () => {
  await owner.end();
  await closeDb();
  await database.drop();
});

async function workspaceWith(entries: number): Promise<string> {
  const workspace = await getDb().workspace.create({ data: { name: "Chain firm" }, select: { id: true } });
  await write(workspace.id, entries);
  return workspace.id;
}

async function write(workspaceId: string, entries: number, from = 0): Promise<void> {
  for (let index = from; index < from + entries; index += 1)
    await getDb().$transaction((tx) =>
      recordAudit(
        tx,
        { workspaceId, userId: null, name: "Name Not Hashed" },
        { kind: "workspace.renamed" as AuditKind, details: { from: `n${index}`, to: `n${index + 1}` } },
      ),
    );
  await chainPending(workspaceId);
}

const linkAt = (workspaceId: string, seq: number) => linkAtAsOwner(owner, workspaceId, seq);
const tamper = (work: () => Promise<void>) => tamperAsOwner(owner, work);

/** Recomputes every link from `seq` on as someone who knows the algorithm would. */
async function rehashFrom(workspaceId: string, seq: number): Promise<void> {
  let prev = (await linkAt(workspaceId, seq - 1)).hash;
  const { rows } = await owner.query(
    `SELECT l.seq, ${ENTRY_COLUMNS.sql} FROM audit_chain_links l JOIN audit_entries e ON e.id = l.entry_id
     WHERE l.workspace_id = $1 AND l.seq >= $2 ORDER BY l.seq`,
    [workspaceId, seq],
  );
  for (const row of rows) {
    const hash = entryHash(chainEntryOf(row), prev);
    await owner.query("UPDATE audit_chain_links SET prev_hash = $1, hash = $2 WHERE entry_id = $3", [
      prev,
      hash,
      row.id,
    ]);
    prev = hash;
  }
}

describe("the audit chain", () => {
  it("links every committed entry once, in one order, and verifies", async () => {
    const workspaceId = await workspaceWith(6);
    await expect(
      getDb().$transaction(async (tx) => {
        await recordAudit(
          tx,
          { workspaceId, userId: null, name: null },
          { kind: "workspace.renamed" as AuditKind, details: {} },
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await chainPending(workspaceId)).toBe(0);
    const report = await verifyWorkspaceChain(workspaceId);
    expect(report).toMatchObject({ intact: true, checked: 6, pending: 0, firstBreak: null });
    expect((await linkAt(workspaceId, 1)).prevHash).toBe("0".repeat(64));
    expect((await linkAt(workspaceId, 2)).prevHash).toBe((await linkAt(workspaceId, 1)).hash);
  });

  it("is append-only for the app's role and for the owner while the trigger is on", async () => {
    const workspaceId = await workspaceWith(1);
    await expect(
      getDb().$executeRaw`UPDATE audit_chain_links SET hash = 'x' WHERE workspace_id = ${workspaceId}::uuid`,
    ).rejects.toThrow();
    await expect(owner.query("DELETE FROM audit_chain_links WHERE workspace_id = $1", [workspaceId])).rejects.toThrow(
      /append-only/,
    );
  });

  it("names an entry whose content was changed", async () => {
    const workspaceId = await workspaceWith(8);
    const target = await linkAt(workspaceId, 4);
    await tamper(async () => {
      await owner.query(`UPDATE audit_entries SET details = '{"from":"x","to":"y"}' WHERE id = $1`, [target.entryId]);
    });
    expect((await verifyWorkspaceChain(workspaceId)).firstBreak).toMatchObject({
      problem: "changed",
      seq: 4,
      entryId: target.entryId,
    });
  });

  it("still verifies when a name outside the hash is erased", async () => {
    const workspaceId = await workspaceWith(3);
    await tamper(async () => {
      await owner.query("UPDATE audit_entries SET actor_name = NULL WHERE workspace_id = $1", [workspaceId]);
    });
    expect(await verifyWorkspaceChain(workspaceId)).toMatchObject({ intact: true, checked: 3 });
  });

  it("names the place of a removed entry, with or without its link", async () => {
    const workspaceId = await workspaceWith(8);
    const [fourth, fifth, sixth] = [
      await linkAt(workspaceId, 4),
      await linkAt(workspaceId, 5),
      await linkAt(workspaceId, 6),
    ];
    await tamper(async () => {
      await owner.query("DELETE FROM audit_chain_links WHERE entry_id = $1", [fourth.entryId]);
      await owner.query("DELETE FROM audit_entries WHERE id = $1", [fourth.entryId]);
    });
    expect((await verifyWorkspaceChain(workspaceId)).firstBreak).toMatchObject({
      problem: "removed",
      seq: 4,
      entryId: fifth.entryId,
    });
    const other = await workspaceWith(8);
    const gone = await linkAt(other, 6);
    await tamper(async () => {
      await owner.query("DELETE FROM audit_entries WHERE id = $1", [gone.entryId]);
    });
    expect((await verifyWorkspaceChain(other)).firstBreak).toMatchObject({
      problem: "removed",
      seq: 6,
      entryId: gone.entryId,
    });
    expect(sixth.entryId).not.toBe(gone.entryId);
  });

  it("names an entry inserted into the chain, and one written around it", async () => {
    const workspaceId = await workspaceWith(8);
    const third = await linkAt(workspaceId, 3);
    let inserted = "";
    await tamper(async () => {
      const { rows } = await owner.query(
        `INSERT INTO audit_entries (workspace_id, kind, details, occurred_at) VALUES ($1, 'workspace.renamed', '{"from":"a","to":"b"}', now())
         RETURNING id::text AS id`,
        [workspaceId],
      );
      inserted = rows[0].id;
      await owner.query("UPDATE audit_chain_links SET seq = seq + 1000 WHERE workspace_id = $1 AND seq >= 4", [
        workspaceId,
      ]);
      await owner.query("UPDATE audit_chain_links SET seq = seq - 999 WHERE workspace_id = $1 AND seq >= 1000", [
        workspaceId,
      ]);
      const { rows: entry } = await owner.query(`SELECT ${ENTRY_COLUMNS.sql} FROM audit_entries e WHERE e.id = $1`, [
        inserted,
      ]);
      await owner.query(
        "INSERT INTO audit_chain_links (entry_id, workspace_id, seq, prev_hash, hash) VALUES ($1, $2, 4, $3, $4)",
        [inserted, workspaceId, third.hash, entryHash(chainEntryOf(entry[0]), third.hash)],
      );
    });
    expect((await verifyWorkspaceChain(workspaceId)).firstBreak).toMatchObject({
      problem: "inserted",
      seq: 4,
      entryId: inserted,
    });

    const other = await workspaceWith(2);
    await tamper(async () => {
      await owner.query(
        `INSERT INTO audit_entries (workspace_id, kind, details) VALUES ($1, 'workspace.renamed', '{}')`,
        [other],
      );
    });
    expect((await verifyWorkspaceChain(other)).firstBreak).toMatchObject({ problem: "inserted", seq: 0 });
  });

  it("names an entry moved to another place", async () => {
    const workspaceId = await workspaceWith(8);
    const fifth = await linkAt(workspaceId, 5);
    await tamper(async () => {
      await owner.query("UPDATE audit_chain_links SET seq = 1000 WHERE workspace_id = $1 AND seq = 4", [workspaceId]);
      await owner.query("UPDATE audit_chain_links SET seq = 4 WHERE workspace_id = $1 AND seq = 5", [workspaceId]);
      await owner.query("UPDATE audit_chain_links SET seq = 5 WHERE workspace_id = $1 AND seq = 1000", [workspaceId]);
    });
    expect((await verifyWorkspaceChain(workspaceId)).firstBreak).toMatchObject({
      problem: "moved",
      seq: 4,
      entryId: fifth.entryId,
    });
  });

  it("catches a consistent rewrite, and a cut-off end, against the signed checkpoints", async () => {
    const workspaceId = await workspaceWith(3);
    expect(await signCheckpoint(workspaceId)).toHaveProperty("signed.count", 3);
    expect(await signCheckpoint(workspaceId)).toEqual({ skipped: "unchanged" });
    await write(workspaceId, 7, 3);
    expect(await signCheckpoint(workspaceId)).toHaveProperty("signed.count", 10);
    const fifth = await linkAt(workspaceId, 5);
    await tamper(async () => {
      await owner.query(`UPDATE audit_entries SET details = '{"from":"forged","to":"x"}' WHERE id = $1`, [
        fifth.entryId,
      ]);
      await rehashFrom(workspaceId, 5);
    });
    const fourth = await linkAt(workspaceId, 4);
    const report = await verifyWorkspaceChain(workspaceId);
    expect(report).toMatchObject({ intact: false, checked: 10, checkpoints: { checked: 2, invalid: 0 } });
    expect(report.firstBreak).toMatchObject({ problem: "changed", seq: 4, entryId: fourth.entryId });
    expect(await signCheckpoint(workspaceId)).toHaveProperty("refused.intact", false);

    const other = await workspaceWith(6);
    await signCheckpoint(other);
    await tamper(async () => {
      const last = await linkAt(other, 6);
      await owner.query("DELETE FROM audit_chain_links WHERE entry_id = $1", [last.entryId]);
      await owner.query("DELETE FROM audit_entries WHERE id = $1", [last.entryId]);
    });
    expect((await verifyWorkspaceChain(other)).firstBreak).toMatchObject({ problem: "removed", seq: 6 });
  });

  it("does not trust a checkpoint signed with another key", async () => {
    const workspaceId = await workspaceWith(2);
    const genuine = await signCheckpoint(workspaceId);
    expect(genuine).toHaveProperty("signed");
    const { generateSigningKey } = await import("@/lib/crypto/signing-key");
    const saved = process.env.AUDIT_SIGNING_KEY;
    process.env.AUDIT_SIGNING_KEY = generateSigningKey();
    try {
      // The old key is no longer trusted: its checkpoint does not verify until listed as a previous key.
      expect((await verifyWorkspaceChain(workspaceId)).checkpoints).toMatchObject({ checked: 0, invalid: 1 });
      const { parseSigningKey } = await import("@/lib/crypto/signing-key");
      process.env.AUDIT_SIGNING_PREVIOUS_PUBLIC_KEYS = parseSigningKey(saved!).publicKey.base64;
      expect(await verifyWorkspaceChain(workspaceId)).toMatchObject({
        intact: true,
        checkpoints: { checked: 1, invalid: 0 },
      });
    } finally {
      process.env.AUDIT_SIGNING_KEY = saved;
      delete process.env.AUDIT_SIGNING_PREVIOUS_PUBLIC_KEYS;
    }
  });

  it("has one order and no forks with parallel writers in two processes", { timeout: 120_000 }, async () => {
    const workspaceId = await workspaceWith(0);
    const writer = (name: string) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ["--conditions=react-server", "--import", "tsx", "lib/audit/chain/testing/concurrent-writer.ts"],
          {
            env: { ...process.env, ...env, WORKSPACE_ID: workspaceId, COUNT: "60", WRITER: name },
            stdio: ["ignore", "inherit", "inherit"],
          },
        );
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`writer ${name} exited ${code}`))));
      });
    await Promise.all([writer("a"), writer("b")]);
    const report = await verifyWorkspaceChain(workspaceId);
    expect(report).toMatchObject({ intact: true, checked: 120, pending: 0 });
    const { rows } = await owner.query(
      "SELECT count(*)::int AS links, count(DISTINCT prev_hash)::int AS predecessors, max(seq)::int AS head FROM audit_chain_links WHERE workspace_id = $1",
      [workspaceId],
    );
    expect(rows[0]).toEqual({ links: 120, predecessors: 120, head: 120 });
  });
});
