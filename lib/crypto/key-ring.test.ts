import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEncryptionKeys } from "./key-ring";

describe("TOKEN_ENCRYPTION_KEYS", () => {
  it("takes the first key as the current one and keeps all", () => {
    const ring = parseEncryptionKeys(
      `new:${randomBytes(32).toString("base64")}, old:${randomBytes(32).toString("base64url")}`,
    );
    expect(ring.current.id).toBe("new");
    expect([...ring.byId.keys()]).toEqual(["new", "old"]);
  });

  it("refuses a key of the wrong length with a message naming it", () => {
    expect(() => parseEncryptionKeys(`short:${randomBytes(16).toString("base64")}`)).toThrow(
      'TOKEN_ENCRYPTION_KEYS: key "short" is 16 bytes; AES-256-GCM needs exactly 32',
    );
  });

  it("refuses entries without an id, duplicates and an empty list", () => {
    expect(() => parseEncryptionKeys(randomBytes(32).toString("base64"))).toThrow(/id:base64key/);
    const key = randomBytes(32).toString("base64");
    expect(() => parseEncryptionKeys(`a:${key},a:${key}`)).toThrow(/listed twice/);
    expect(() => parseEncryptionKeys(" , ")).toThrow(/empty/);
  });
});
