import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { INVITATION_TOKEN } from "../schemas";

/** A new invitation secret (256 bits) for the link; only its hash is stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function isWellFormedToken(token: string): boolean {
  return INVITATION_TOKEN.test(token);
}
