// One of the parallel writers of ../chain.test.ts, in a process of its own: COUNT entries, each in
// its own transaction (as a save records one), each followed by the chainer, as fast as it can.
import { getDb } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/server/record";
import type { AuditKind } from "@/lib/audit/kinds";
import { chainPending } from "../server/append";

const workspaceId = process.env.WORKSPACE_ID ?? "";
const count = Number(process.env.COUNT ?? "50");
const writer = process.env.WRITER ?? "?";
const actor = { workspaceId, userId: null, name: null };

await Promise.all(
  Array.from({ length: 2 }, async (_, lane) => {
    for (let index = lane; index < count; index += 2) {
      // A loaded machine (two processes, each with its chainers) may take a while to hand out a connection.
      await getDb().$transaction(
        (tx) => recordAudit(tx, actor, { kind: "workspace.renamed" as AuditKind, details: { writer, index } }),
        { maxWait: 20_000, timeout: 30_000 },
      );
      await chainPending(workspaceId);
    }
  }),
);
await getDb().$disconnect();
process.exit(0);
