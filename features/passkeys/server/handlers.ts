import "server-only";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { passkeysContract as contract } from "../contract";
import { listPasskeys, removePasskey, renamePasskey, toView } from "./manage";
import { addPasskey, registrationOptions } from "./registration";
import { setPasskeyRequirement } from "./requirement";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";
import { postSignInOptions, postSignInWithPasskey } from "./sign-in-handlers";

export const getPasskeys = withRoute({ ...contract.listPasskeys, beforePasskey: true }, async ({ user }) =>
  successResponse({ passkeys: await listPasskeys(user.id) }),
);

// A new way in asks for a recent confirmation by an existing one (a stolen session must not add its
// own passkey); a person's first passkey right after signing in passes, the sign-in being recent.
// Adding one is what a member of a workspace requiring passkeys must do first (`beforePasskey`).
export const postRegistrationOptions = withRoute(
  { ...contract.registrationOptions, recentConfirmation: true, beforePasskey: true },
  async ({ user }) => successResponse({ options: await registrationOptions(user) }),
);

export const postPasskey = withRoute(
  { ...contract.addPasskey, recentConfirmation: true, beforePasskey: true, maxBodyBytes: 16_384 },
  async ({ user, body }) => {
    const passkey = await addPasskey(user, body.response as unknown as RegistrationResponseJSON, body.name);
    return successResponse({ passkey: toView(passkey) }, 201);
  },
);

export const patchPasskey = withRoute(contract.renamePasskey, async ({ user, params, body }) =>
  successResponse({ passkey: await renamePasskey(user.id, params.passkeyId, body.name) }),
);

export const deletePasskey = withRoute(
  { ...contract.removePasskey, recentConfirmation: true },
  async ({ user, params }) => {
    await removePasskey(user.id, params.passkeyId);
    return successResponse({ removed: true as const });
  },
);

export const putPasskeyRequirement = withRoute(
  { ...contract.setPasskeyRequirement, recentConfirmation: true, maxBodyBytes: 256 },
  async ({ user, params, body }) =>
    successResponse(await setPasskeyRequirement(user.id, params.workspaceId, body.required)),
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const passkeysHandlers = {
  listPasskeys: getPasskeys,
  registrationOptions: postRegistrationOptions,
  addPasskey: postPasskey,
  renamePasskey: patchPasskey,
  removePasskey: deletePasskey,
  setPasskeyRequirement: putPasskeyRequirement,
  signInOptions: postSignInOptions,
  signInWithPasskey: postSignInWithPasskey,
} satisfies RouteHandlers<typeof contract>;
