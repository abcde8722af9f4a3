import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import {
  addPasskeySchema,
  passkeyParamsSchema,
  passkeyRequirementSchema,
  passkeySignInSchema,
  passkeyViewSchema,
  renamePasskeySchema,
  webauthnOptionsSchema,
  workspaceParamsSchema,
} from "./schemas";

/**
 * The routes of passkeys (lib/http/contract.ts): one's own passkeys at /settings/security, and
 * signing in with one. Handlers: ./server/handlers.ts and ./server/sign-in-handlers.ts; the browser: ./client/api.ts.
 */
export const passkeysContract = defineContract({
  /** The signed-in person's passkeys. */
  listPasskeys: { method: "GET", path: "/api/passkeys", response: z.object({ passkeys: z.array(passkeyViewSchema) }), errors: [] },
  /** Options to make a passkey (a challenge bound to this session, 5 minutes, single use). */
  registrationOptions: {
    method: "POST",
    path: "/api/passkeys/registration-options",
    response: z.object({ options: webauthnOptionsSchema }),
    errors: [],
  },
  /** Keeps a new passkey after checking the authenticator's answer. */
  addPasskey: {
    method: "POST",
    path: "/api/passkeys",
    body: addPasskeySchema,
    response: z.object({ passkey: passkeyViewSchema }),
    status: 201,
    errors: ["passkey_challenge_invalid", "passkey_challenge_expired", "passkey_refused", "conflict"],
  },
  /** Renames one of one's passkeys (another person's is 404). */
  renamePasskey: {
    method: "PATCH",
    path: "/api/passkeys/:passkeyId",
    params: passkeyParamsSchema,
    body: renamePasskeySchema,
    response: z.object({ passkey: passkeyViewSchema }),
    errors: [],
  },
  /** Removes one of one's passkeys (another person's is 404). */
  removePasskey: {
    method: "DELETE",
    path: "/api/passkeys/:passkeyId",
    params: passkeyParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: [],
  },
  /** An owner requires a passkey of every member (or not); audited. Not a member: 404; not an owner: 403. */
  setPasskeyRequirement: {
    method: "PUT",
    path: "/api/workspaces/:workspaceId/passkey-requirement",
    params: workspaceParamsSchema,
    body: passkeyRequirementSchema,
    response: z.object({ required: z.boolean() }),
    errors: ["forbidden"],
  },
  /** Signed out: options to sign in with a passkey (a challenge bound to this browser's nonce cookie). */
  signInOptions: {
    method: "POST",
    path: "/api/sign-in/passkey/options",
    response: z.object({ options: webauthnOptionsSchema }),
    errors: [],
  },
  /** Signs in with a passkey's answer: sets the session cookie, answers where to go. */
  signInWithPasskey: {
    method: "POST",
    path: "/api/sign-in/passkey",
    body: passkeySignInSchema,
    response: z.object({ redirectTo: z.string() }),
    errors: ["passkey_challenge_invalid", "passkey_challenge_expired", "passkey_refused"],
  },
});
