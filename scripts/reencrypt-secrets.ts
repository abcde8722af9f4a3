import { loadLocalEnv } from "./env/local-env";

// `npm run secrets:reencrypt`: after putting a new key first in
// TOKEN_ENCRYPTION_KEYS, moves every stored secret to it. The old key can be
// removed once this reports nothing left to re-encrypt.

loadLocalEnv();
const { serverEnv } = await import("../lib/env/server");
const { getDb } = await import("../lib/db/client");
const { reencryptAllSecrets } = await import("../lib/crypto/reencrypt-secrets");

const db = getDb();
try {
  const report = await reencryptAllSecrets(db, serverEnv().TOKEN_ENCRYPTION_KEYS);
  console.log(
    `Re-encrypted ${report.reencrypted} secret(s) under key "${serverEnv().TOKEN_ENCRYPTION_KEYS.current.id}"; ${report.alreadyCurrent} already were.`,
  );
  for (const failure of report.failed) {
    console.error(`Could not re-encrypt ${failure.table}.${failure.column} of row ${failure.rowId}: ${failure.reason}`);
  }
  if (report.failed.length) process.exitCode = 1;
} finally {
  await db.$disconnect();
}
