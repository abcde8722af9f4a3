import type pg from "pg";

// The chain's tests act as the tables' owner (../chain.test.ts, ../segments.test.ts): reading links
// and tampering with the trail as someone with owner rights would.

/** The link at a position: its entry's id, hash, predecessor and format. */
export async function linkAt(
  owner: pg.Client,
  workspaceId: string,
  seq: number,
): Promise<{ entryId: string; hash: string; prevHash: string; format: number }> {
  const { rows } = await owner.query(
    "SELECT entry_id::text AS entry_id, hash, prev_hash, format FROM audit_chain_links WHERE workspace_id = $1 AND seq = $2",
    [workspaceId, seq],
  );
  return { entryId: rows[0].entry_id, hash: rows[0].hash, prevHash: rows[0].prev_hash, format: rows[0].format };
}

/** Tampering as the owner: in one transaction, with the append-only triggers (and the chain's queue) off. */
export async function tamper(owner: pg.Client, work: () => Promise<void>): Promise<void> {
  const triggers = [
    "audit_entries DISABLE TRIGGER audit_entries_append_only",
    "audit_entries DISABLE TRIGGER audit_entries_chain_enqueue",
    "audit_chain_links DISABLE TRIGGER audit_chain_links_append_only",
  ];
  await owner.query("BEGIN");
  for (const trigger of triggers) await owner.query(`ALTER TABLE ${trigger}`);
  await work();
  for (const trigger of triggers) await owner.query(`ALTER TABLE ${trigger.replace("DISABLE", "ENABLE")}`);
  await owner.query("COMMIT");
}
