import "server-only";
import type { AccountingConfig } from "@/features/accounting/server/config";
import { requestCodeExchange } from "@/features/accounting/connection/server/token-endpoint";

/** The callback's state differs from the one the browser's cookie holds (a forged or stale callback). */
export class SignInStateMismatchError extends Error {
  override name = "SignInStateMismatchError";
  constructor() {
    super("The returned state does not match the one sent.");
  }
}

/**
 * The sign-in's code exchange (authorization code with PKCE), done by the app's one upstream core
 * instead of next-auth's own client, so it draws on the request budget and waits for it as a
 * token renewal does: the service counts it against the person signing in, whose exports may have
 * used most of the minute. What next-auth's client checks is checked here: the state the browser
 * was sent with, a code, and the PKCE verifier from its cookie (the callback's `error` next-auth
 * handles before this).
 */
export async function exchangeSignInCode(
  config: AccountingConfig,
  params: { code?: string; state?: string },
  checks: { state?: string; code_verifier?: string },
  redirectUri: string,
): Promise<Record<string, unknown>> {
  if (!checks.state || params.state !== checks.state) throw new SignInStateMismatchError();
  if (!params.code) throw new Error("The callback carries no code.");
  if (!checks.code_verifier) throw new Error("The PKCE verifier is missing.");
  return requestCodeExchange(config, { code: params.code, redirectUri, codeVerifier: checks.code_verifier });
}
