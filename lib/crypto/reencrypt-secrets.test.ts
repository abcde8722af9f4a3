import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { testDb } from "@/scripts/test/db";
import { parseEncryptionKeys } from "./key-ring";
import { reencryptAllSecrets } from "./reencrypt-secrets";
import { decryptSecret, encryptSecret, keyIdOf, SecretDecryptionError } from "./secret-box";

const db = testDb();
const oldKey = `old:${randomBytes(32).toString("base64")}`;
const newKey = `new:${randomBytes(32).toString("base64")}`;
const oldRing = parseEncryptionKeys(oldKey);
const bothRing = parseEncryptionKeys(`${newKey},${oldKey}`);
const userIds: string[] = [];

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: userIds } } });
  await db.$disconnect();
});

async function seedUser(ring: typeof oldRing) {
  const user = await db.user.create({ data: { accountingUserId: randomUUID() } });
  userIds.push(user.id);
  const connectionId = randomUUID();
  const payrollId = randomUUID();
  const refresh = `refresh-${randomUUID()}`;
  const apiKey = `pk-${randomUUID()}`;
  await db.accountingConnection.create({
    data: {
      id: connectionId,
      userId: user.id,
      scopes: "full_access",
      refreshTokenEncrypted: encryptSecret(
        refresh,
        { table: "accounting_connections", rowId: connectionId, column: "refresh_token_encrypted" },
        ring,
      ),
    },
  });
  const { id: workspaceId } = await db.workspace.create({
    data: { name: "Owner", personalUserId: user.id },
    select: { id: true },
  });
  await db.payrollConnection.create({
    data: {
      id: payrollId,
      workspaceId,
      createdById: user.id,
      baseUrl: "http://127.0.0.1:4010/payroll",
      username: "Owner",
      apiKeyEncrypted: encryptSecret(
        apiKey,
        { table: "payroll_connections", rowId: payrollId, column: "api_key_encrypted" },
        ring,
      ),
    },
  });
  return { connectionId, payrollId, refresh, apiKey };
}

describe("secrets at rest in Postgres", () => {
  it("with two keys every row decrypts, and re-encryption leaves none under the old key", async () => {
    const rows = await Promise.all([seedUser(oldRing), seedUser(oldRing), seedUser(bothRing)]);

    const report = await reencryptAllSecrets(db, bothRing);
    expect(report.reencrypted).toBeGreaterThanOrEqual(4);

    for (const row of rows) {
      const connection = await db.accountingConnection.findUniqueOrThrow({ where: { id: row.connectionId } });
      const payroll = await db.payrollConnection.findUniqueOrThrow({ where: { id: row.payrollId } });
      expect(keyIdOf(connection.refreshTokenEncrypted!)).toBe("new");
      expect(keyIdOf(payroll.apiKeyEncrypted!)).toBe("new");
      expect(
        decryptSecret(
          connection.refreshTokenEncrypted!,
          { table: "accounting_connections", rowId: row.connectionId, column: "refresh_token_encrypted" },
          bothRing,
        ),
      ).toBe(row.refresh);
      expect(
        decryptSecret(
          payroll.apiKeyEncrypted!,
          { table: "payroll_connections", rowId: row.payrollId, column: "api_key_encrypted" },
          bothRing,
        ),
      ).toBe(row.apiKey);
    }
    const leftUnderOld = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM accounting_connections WHERE refresh_token_encrypted LIKE 'v1.old.%'`;
    expect(Number(leftUnderOld[0]!.n)).toBe(0);
    expect((await reencryptAllSecrets(db, bothRing)).reencrypted).toBe(0);
  });

  it("reports a value no key opens and moves on to the others", async () => {
    const strangerRing = parseEncryptionKeys(`stranger:${randomBytes(32).toString("base64")}`);
    const unreadable = await seedUser(strangerRing);
    const readable = await seedUser(oldRing);
    const report = await reencryptAllSecrets(db, bothRing);
    expect(report.failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: "accounting_connections", rowId: unreadable.connectionId }),
      ]),
    );
    const moved = await db.accountingConnection.findUniqueOrThrow({ where: { id: readable.connectionId } });
    expect(keyIdOf(moved.refreshTokenEncrypted!)).toBe("new");
  });

  it("a ciphertext copied to another row does not open there", async () => {
    const [a, b] = await Promise.all([seedUser(oldRing), seedUser(oldRing)]);
    const source = await db.accountingConnection.findUniqueOrThrow({ where: { id: a.connectionId } });
    await db.accountingConnection.update({
      where: { id: b.connectionId },
      data: { refreshTokenEncrypted: source.refreshTokenEncrypted },
    });
    const target = await db.accountingConnection.findUniqueOrThrow({ where: { id: b.connectionId } });
    expect(() =>
      decryptSecret(
        target.refreshTokenEncrypted!,
        { table: "accounting_connections", rowId: b.connectionId, column: "refresh_token_encrypted" },
        oldRing,
      ),
    ).toThrow(SecretDecryptionError);
  });
});
