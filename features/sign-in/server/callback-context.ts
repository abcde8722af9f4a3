import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Country } from "@/features/accounting/schemas";
import type { LinkCallback } from "@/features/account-linking/server/link-callback";

/**
 * What the OAuth callback request knows that next-auth does not pass to its
 * callbacks: the `country` the service returned. The route handler runs
 * next-auth inside this context; the jwt callback reads it and reports back.
 */
export interface CallbackContext {
  country: Country | undefined;
  signedIn: boolean;
  /** A v3.1 sign-in that moves this (signed-in) person's legacy v3 connection to v3.1. */
  moveFromUserId?: string;
  /** Set by the sign-in: the move was made (the v3.1 account has the legacy lead business). */
  moved?: boolean;
  /** The browser's User-Agent, kept with the new session (the sessions list names the device by it). */
  userAgent?: string;
  /** A callback of a link begun at /settings/security: held for Confirm instead of signing in (features/account-linking). */
  link?: LinkCallback;
}

const storage = new AsyncLocalStorage<CallbackContext>();

export function runInCallbackContext<T>(context: CallbackContext, run: () => T): T {
  return storage.run(context, run);
}

export function currentCallbackContext(): CallbackContext | undefined {
  return storage.getStore();
}
