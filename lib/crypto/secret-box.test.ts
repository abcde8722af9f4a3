import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEncryptionKeys } from "./key-ring";
import { decryptSecret, encryptSecret, keyIdOf, SecretDecryptionError } from "./secret-box";

const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("base64");
const ring = parseEncryptionKeys(`a:${keyA}`);
const context = {
  table: "accounting_connections",
  rowId: "5f0c5a8e-1d1b-4d0e-9b7a-0d2f1e3c4b5a",
  column: "refresh_token_encrypted",
};
const secret = "rt_" + randomBytes(1024).toString("hex"); // a 2 KB refresh token

/** Flips one bit of the base64url part `index` of a stored value. */
function flipBit(stored: string, index: number): string {
  const parts = stored.split(".");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[0]! ^= 0x01;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

describe("secret box", () => {
  it("round-trips and names its key", () => {
    const stored = encryptSecret(secret, context, ring);
    expect(stored).not.toContain(secret.slice(0, 16));
    expect(keyIdOf(stored)).toBe("a");
    expect(decryptSecret(stored, context, ring)).toBe(secret);
  });

  it.each([
    ["IV", 2],
    ["tag", 3],
    ["ciphertext", 4],
  ])("fails when one bit of the %s is flipped", (_part, index) => {
    const stored = encryptSecret(secret, context, ring);
    expect(() => decryptSecret(flipBit(stored, index), context, ring)).toThrow(SecretDecryptionError);
  });

  it("fails when one bit of the key id is flipped, even to a key that exists", () => {
    const twoKeys = parseEncryptionKeys(`a:${keyA},c:${keyA}`); // "a" ^ 0x02 === "c", same key bytes
    const stored = encryptSecret(secret, context, twoKeys);
    const flipped = stored.replace(/^v1\.a\./, `v1.${String.fromCharCode("a".charCodeAt(0) ^ 0x02)}.`);
    expect(keyIdOf(flipped)).toBe("c");
    expect(() => decryptSecret(flipped, context, twoKeys)).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(stored.replace(/^v1\.a\./, "v1.b."), context, twoKeys)).toThrow(/no configured key/);
  });

  it("fails when moved to another row or column", () => {
    const stored = encryptSecret(secret, context, ring);
    expect(() => decryptSecret(stored, { ...context, rowId: "00000000-0000-0000-0000-000000000001" }, ring)).toThrow(
      SecretDecryptionError,
    );
    expect(() => decryptSecret(stored, { ...context, column: "access_token_encrypted" }, ring)).toThrow(
      SecretDecryptionError,
    );
    expect(() => decryptSecret(stored, { ...context, table: "payroll_connections" }, ring)).toThrow(
      SecretDecryptionError,
    );
  });

  it("opens values of every configured key and encrypts with the newest", () => {
    const old = encryptSecret(secret, context, parseEncryptionKeys(`a:${keyA}`));
    const rotated = parseEncryptionKeys(`b:${keyB},a:${keyA}`);
    expect(decryptSecret(old, context, rotated)).toBe(secret);
    expect(keyIdOf(encryptSecret(secret, context, rotated))).toBe("b");
  });

  it("repeats no IV over 100,000 encryptions", () => {
    const ivs = new Set<string>();
    for (let i = 0; i < 100_000; i += 1) ivs.add(encryptSecret("x", context, ring).split(".")[2]!);
    expect(ivs.size).toBe(100_000);
  });
});
