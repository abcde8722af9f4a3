import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { signInApi } from "@/features/sign-in/client/api";
import { passkeysApi } from "./api";

/**
 * The browser's half of the passkey ceremonies: ask the server for options, hand them to the
 * authenticator, send its answer back. A person who cancels (or whose device has no passkey for
 * this site) gets `PasskeyCancelled`, which the components show as a calm notice, not an error.
 */
export class PasskeyCancelled extends Error {}

function cancelledOr(error: unknown): never {
  if (error instanceof WebAuthnError || (error instanceof Error && error.name === "NotAllowedError"))
    throw new PasskeyCancelled(error.message);
  throw error;
}

export async function createPasskey(name: string) {
  const { options } = await passkeysApi.registrationOptions({});
  const response = await startRegistration({ optionsJSON: options as never }).catch(cancelledOr);
  return passkeysApi.addPasskey({ name, response: response as never });
}

export async function signInWithPasskey(): Promise<{ redirectTo: string }> {
  const { options } = await passkeysApi.signInOptions({});
  const response = await startAuthentication({ optionsJSON: options as never }).catch(cancelledOr);
  return passkeysApi.signInWithPasskey({ response: response as never });
}

/** Confirms this session for what matters with one of the person's passkeys (a challenge bound to the session). */
export async function confirmSessionWithPasskey(): Promise<{ confirmedAt: string }> {
  const { options } = await signInApi.confirmPasskeyOptions({});
  const response = await startAuthentication({ optionsJSON: options as never }).catch(cancelledOr);
  return signInApi.confirmWithPasskey({ response: response as never });
}
