import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import type { AuditKind } from "@/lib/audit/kinds";
import { generateSigningKey } from "@/lib/crypto/signing-key";
import {
  canonicalJson,
  entryHash,
  hashedDetails,
  writeFormatForTesting,
  type CanonicalForm,
  type ChainEntry,
} from "./canonical";
import { chainTestEnv } from "./testing/chain-env";
import { linkAt as linkAtAsOwner, tamper as tamperAsOwner } from "./testing/owner";

// A change of the chain's format (docs/adr/0295-audit-chain-segments.md): format-1 links, then the
// code moved on to a test-only format 2; the chainer closes the old segment with a signed
// checkpoint and the chain verifies across it. A boundary without such a checkpoint (the chain
// re-hashed in the new format by someone without the key) is a break, named.

const database = await ownDatabase();
Object.assign(process.env, chainTestEnv(database.urls.appUrl));
const { getDb, closeDb } = await import("@/lib/db/client");
const { recordAudit } = await import("@/lib/audit/server/record");
const { chainPending } = await import("./server/append");
const { verifyWorkspaceChain } = await import("./server/verify");
const { signCheckpoint } = await import("./server/checkpoint");
const { storeCheckpoint } = await import("./server/store-checkpoint");
const { parseSigningKey } = await import("@/lib/crypto/signing-key");
const { chainEntryOf, ENTRY_COLUMNS } = await import("./server/rows");

/** A canonical form as a later release might define it: other members, the same values. */
const FORMAT_2: CanonicalForm = (entry, prevHash) =>
  canonicalJson({
    chainFormat: 2,
    previous: prevHash,
    entry: { ...entry, details: hashedDetails(entry.kind, entry.details) },
  });

const owner = new pg.Client({ connectionString: database.urls.migrationUrl });
let restore: (() => void) | null = null;
beforeAll(() => owner.connect());
afterEach(() => {
  restore?.();
  restore = null;
});
afterAll(async () => {
  await owner.end();
  await closeDb();
  await database.drop();
});
const linkAt = (workspaceId: string, seq: number) => linkAtAsOwner(owner, workspaceId, seq);
const tamper = (work: () => Promise<void>) => tamperAsOwner(owner, work);

async function write(workspaceId: string, entries: number, from = 0): Promise<void> {
  for (let index = from; index < from + entries; index += 1)
    await getDb().$transaction((tx) =>
      recordAudit(
        tx,
        { workspaceId, userId: null, name: null },
        { kind: "workspace.renamed" as AuditKind, details: { from: `n${index}`, to: `n${index + 1}` } },
      ),
    );
  await chainPending(workspaceId);
}

async function workspaceWith(entries: number): Promise<string> {
  const workspace = await getDb().workspace.create({ data: { name: "Segment firm" }, select: { id: true } });
  await write(workspace.id, entries);
  return workspace.id;
}

async function linksOf(workspaceId: string, count: number) {
  const links = [];
  for (let seq = 1; seq <= count; seq += 1) links.push(await linkAt(workspaceId, seq));
  return links;
}

async function entryAt(workspaceId: string, seq: number): Promise<ChainEntry> {
  const { rows } = await owner.query(
    `SELECT ${ENTRY_COLUMNS.sql} FROM audit_chain_links l JOIN audit_entries e ON e.id = l.entry_id
     WHERE l.workspace_id = $1 AND l.seq = $2`,
    [workspaceId, seq],
  );
  return chainEntryOf(rows[0]);
}

async function checkpointsOf(workspaceId: string) {
  const { rows } = await owner.query(
    "SELECT count::int AS count, head_hash, opens_format, statement FROM audit_checkpoints WHERE workspace_id = $1 ORDER BY count, signed_at",
    [workspaceId],
  );
  return rows as { count: number; head_hash: string; opens_format: number | null; statement: string }[];
}

/** Re-hashes the links from `seq` on in format 2, as the owner, without a checkpoint (a forged boundary). */
async function reformatFrom(workspaceId: string, seq: number): Promise<void> {
  let prev = (await linkAt(workspaceId, seq - 1)).hash;
  const { rows } = await owner.query(
    "SELECT seq::int AS seq, entry_id::text AS entry_id FROM audit_chain_links WHERE workspace_id = $1 AND seq >= $2 ORDER BY seq",
    [workspaceId, seq],
  );
  for (const row of rows) {
    const hash = entryHash(await entryAt(workspaceId, row.seq), prev, 2);
    await owner.query("UPDATE audit_chain_links SET format = 2, prev_hash = $1, hash = $2 WHERE entry_id = $3", [
      prev,
      hash,
      row.entry_id,
    ]);
    prev = hash;
  }
}

describe("a change of the chain's format", () => {
  it("closes the old segment with a signed checkpoint and verifies across it", async () => {
    const workspaceId = await workspaceWith(4);
    const before = await linksOf(workspaceId, 4);
    expect(await signCheckpoint(workspaceId)).toHaveProperty("signed.count", 4);

    restore = writeFormatForTesting(2, FORMAT_2);
    await write(workspaceId, 3, 4);

    const after = await linksOf(workspaceId, 7);
    // The old links are as they were: nothing is rehashed.
    expect(after.slice(0, 4)).toEqual(before);
    expect(after.map((link) => link.format)).toEqual([1, 1, 1, 1, 2, 2, 2]);
    expect(after[4]!.prevHash).toBe(after[3]!.hash);
    expect(after[4]!.hash).toBe(entryHash(await entryAt(workspaceId, 5), after[3]!.hash, 2));
    const boundary = (await checkpointsOf(workspaceId)).filter((checkpoint) => checkpoint.opens_format !== null);
    expect(boundary).toEqual([
      { count: 4, head_hash: after[3]!.hash, opens_format: 2, statement: expect.stringContaining('"opensFormat":2') },
    ]);

    expect(await verifyWorkspaceChain(workspaceId)).toMatchObject({
      intact: true,
      checked: 7,
      firstBreak: null,
      checkpoints: { checked: 2, invalid: 0 },
    });
    // A daily checkpoint after the boundary signs as before.
    expect(await signCheckpoint(workspaceId)).toHaveProperty("signed.count", 7);
    expect(await verifyWorkspaceChain(workspaceId)).toMatchObject({ intact: true, checkpoints: { checked: 3 } });
  });

  it("names a boundary that no valid signed checkpoint anchors", async () => {
    const workspaceId = await workspaceWith(6);
    restore = writeFormatForTesting(2, FORMAT_2);
    await tamper(() => reformatFrom(workspaceId, 4));
    const fourth = await linkAt(workspaceId, 4);
    expect((await verifyWorkspaceChain(workspaceId)).firstBreak).toMatchObject({
      problem: "reformatted",
      seq: 4,
      entryId: fourth.entryId,
    });

    // A boundary checkpoint signed with a key the installation does not trust anchors nothing.
    const third = await linkAt(workspaceId, 3);
    await getDb().$transaction((tx) =>
      storeCheckpoint(tx, parseSigningKey(generateSigningKey()), {
        workspaceId,
        count: 3,
        headHash: third.hash,
        opensFormat: 2,
      }),
    );
    expect(await verifyWorkspaceChain(workspaceId)).toMatchObject({
      intact: false,
      firstBreak: { problem: "reformatted", seq: 4 },
      checkpoints: { checked: 0, invalid: 1 },
    });
  });

  it("names a format that goes back, and one the code does not know", async () => {
    const workspaceId = await workspaceWith(5);
    restore = writeFormatForTesting(2, FORMAT_2);
    await write(workspaceId, 2, 5);
    expect(await verifyWorkspaceChain(workspaceId)).toMatchObject({ intact: true, checked: 7 });
    // Link 7 (format 2) re-hashed back in format 1: a boundary 2 → 1, which no checkpoint can open.
    const last = await linkAt(workspaceId, 7);
    await tamper(async () => {
      const hash = entryHash(await entryAt(workspaceId, 7), last.prevHash, 1);
      await owner.query("UPDATE audit_chain_links SET format = 1, hash = $1 WHERE entry_id = $2", [hash, last.entryId]);
    });
    expect((await verifyWorkspaceChain(workspaceId)).firstBreak).toMatchObject({ problem: "reformatted", seq: 7 });
    restore();
    restore = null;
    const other = await workspaceWith(2);
    await tamper(async () => {
      await owner.query("UPDATE audit_chain_links SET format = 9 WHERE workspace_id = $1 AND seq = 2", [other]);
    });
    expect((await verifyWorkspaceChain(other)).firstBreak).toMatchObject({ problem: "changed", seq: 2 });
  });

  it("goes on in the old format where the segment cannot be closed: without the key, or on a broken chain", async () => {
    const workspaceId = await workspaceWith(2);
    const broken = await workspaceWith(3);
    const second = await linkAt(broken, 2);
    await tamper(async () => {
      await owner.query(`UPDATE audit_entries SET details = '{"from":"x","to":"y"}' WHERE id = $1`, [second.entryId]);
    });
    restore = writeFormatForTesting(2, FORMAT_2);
    const key = process.env.AUDIT_SIGNING_KEY;
    delete process.env.AUDIT_SIGNING_KEY;
    try {
      await write(workspaceId, 2, 2);
    } finally {
      process.env.AUDIT_SIGNING_KEY = key;
    }
    await write(broken, 1, 3);
    expect((await linkAt(workspaceId, 4)).format).toBe(1);
    expect((await linkAt(broken, 4)).format).toBe(1);
    expect(await checkpointsOf(workspaceId)).toEqual([]);
    expect(await checkpointsOf(broken)).toEqual([]);
    expect(await verifyWorkspaceChain(workspaceId)).toMatchObject({ intact: true, checked: 4 });
    expect((await verifyWorkspaceChain(broken)).firstBreak).toMatchObject({ problem: "changed", seq: 2 });
  });
});
