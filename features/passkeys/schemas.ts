import { z } from "zod";

/**
 * The shapes of passkeys, shared by /settings/security, /sign-in and the server
 * (features/passkeys/contract.ts). The WebAuthn responses are checked for their outline here; their
 * content (signatures, challenge, origin) by @simplewebauthn/server.
 */

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);

export const registrationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

export const authenticationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

export const passkeyNameSchema = z.string().trim().min(1).max(60);

export const addPasskeySchema = z.object({ response: registrationResponseSchema, name: passkeyNameSchema }).strict();
export const renamePasskeySchema = z.object({ name: passkeyNameSchema }).strict();
export const passkeyParamsSchema = z.object({ passkeyId: z.uuid() });
export const passkeyRequirementSchema = z.object({ required: z.boolean() }).strict();
export const workspaceParamsSchema = z.object({ workspaceId: z.uuid() });
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema }).strict();

export const passkeyViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

/** The options the browser hands to navigator.credentials (built by @simplewebauthn/server). */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** A passkey request (its challenge) lasts this long, once. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
