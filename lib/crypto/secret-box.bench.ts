import { randomBytes } from "node:crypto";
import { parseEncryptionKeys } from "./key-ring";
import { decryptSecret, encryptSecret } from "./secret-box";

// crypto_roundtrip_per_s: encrypt + decrypt of a 2 KB secret (goal ≥ 20,000/s).

const ring = parseEncryptionKeys(`bench:${randomBytes(32).toString("base64")}`);
const context = {
  table: "accounting_connections",
  rowId: "8d9e6c1f-7f3c-4b8e-a7a2-3b0f1c2d4e5f",
  column: "refresh_token_encrypted",
};
const secret = randomBytes(1024).toString("hex");

function roundtrips(durationMs: number): number {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < durationMs) {
    for (let i = 0; i < 100; i += 1) decryptSecret(encryptSecret(secret, context, ring), context, ring);
    count += 100;
  }
  return count / ((performance.now() - started) / 1000);
}

roundtrips(300); // warm-up
console.log(`crypto_roundtrip_per_s: ${Math.round(roundtrips(2_000))} ops/s`);
