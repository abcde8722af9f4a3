// Child process of access-token.test.ts: one "app process" asking for the access
// token of one connection N times at once. Prints a JSON line with the tokens' fingerprints.
import { createHash } from "node:crypto";
import { getAccessToken } from "../connection/server/access-token";
import { closeDb } from "@/lib/db/client";

const connectionId = process.env.CONNECTION_ID ?? "";
const count = Number(process.env.COUNT ?? "25");
const results = await Promise.allSettled(Array.from({ length: count }, () => getAccessToken(connectionId)));
const fingerprints = results.map((result) =>
  result.status === "fulfilled"
    ? createHash("sha256").update(result.value).digest("hex").slice(0, 12)
    : `error:${(result.reason as Error).name}`,
);
console.log(JSON.stringify({ fingerprints }));
await closeDb();
