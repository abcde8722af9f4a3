import "server-only";
import NextAuth from "next-auth";
import { NextResponse, type NextRequest } from "next/server";
import { parseCountry, parseScope } from "@/features/accounting/schemas";
import { runInCallbackContext, type CallbackContext } from "./callback-context";
import { authCookieNames } from "@/lib/auth/server/cookies";
import { COUNTRY_COOKIE_MAX_AGE_S } from "./country-cookie";
import { authOptions } from "./options";
import { LEGACY_PROVIDER_ID } from "./legacy-provider";
import { sessionUserFromRequest } from "@/lib/auth/server/session";
import { beginAccountLink, linkIntentFor } from "@/features/account-linking/server/account-link";
import type { LinkCallback } from "@/features/account-linking/server/link-callback";
import { recordSignInFailure } from "../core/server/sign-in-audit";

type RouteContext = { params: Promise<{ nextauth: string[] }> };
type Handler = (request: NextRequest, context: RouteContext) => Promise<Response>;

let handler: Handler | undefined;
function nextAuth(): Handler {
  handler ??= NextAuth(authOptions()) as unknown as Handler;
  return handler;
}

/** Errors the authorization server may send back (RFC 6749 4.1.2.1); anything else is shown as `failed`. */
const KNOWN_ERRORS = new Set([
  "access_denied",
  "temporarily_unavailable",
  "server_error",
  "invalid_scope",
  "invalid_request",
  "unauthorized_client",
]);

const PROVIDERS = new Set(["accounting", LEGACY_PROVIDER_ID]);

/** A short-lived marker: the v3.1 sign-in started by "Move to v3.1" (the session says who moves). */
const MOVE_COOKIE = "ledgerlane.move-to-v31";

/** The nonce naming a link begun at /settings/security (features/account-linking), for the accounting callback. */
const LINK_COOKIE = "ledgerlane.account-link";

function clearCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}

/**
 * The callback of a link: only when the browser is signed in (a stale cookie in a signed-out
 * browser is ignored: that is an ordinary sign-in, granting nothing of the link's person). The
 * nonce must name a waiting link of this very session; otherwise the answer is refused.
 */
async function linkCallback(request: NextRequest, provider: string): Promise<LinkCallback | undefined> {
  const nonce = request.cookies.get(LINK_COOKIE)?.value;
  if (provider !== "accounting" || !nonce) return undefined;
  const user = await sessionUserFromRequest(request);
  if (!user) return undefined;
  const session = { userId: user.id, sessionId: user.sessionId };
  return { intentId: await linkIntentFor(nonce, session), session };
}

async function accountingCallbackProvider(context: RouteContext): Promise<string | undefined> {
  const [action, provider] = (await context.params).nextauth;
  return action === "callback" && provider && PROVIDERS.has(provider) ? provider : undefined;
}

/** Who moves to v3.1 in this callback: the signed-in person with a legacy connection, when the move was asked for. */
async function movingUserId(request: NextRequest, provider: string): Promise<string | undefined> {
  if (provider !== "accounting" || request.cookies.get(MOVE_COOKIE)?.value !== "1") return undefined;
  const user = await sessionUserFromRequest(request);
  return user?.legacyConnection ? user.id : undefined;
}

export async function handleAuthGet(request: NextRequest, context: RouteContext): Promise<Response> {
  const provider = await accountingCallbackProvider(context);
  if (!provider) return nextAuth()(request, context);
  const error = request.nextUrl.searchParams.get("error");
  const link = await linkCallback(request, provider);
  if (link && error !== null) {
    // Linking ended at the service (consent denied, its error): recorded for the person, nothing linked.
    await recordSignInFailure(link.session.userId, { method: "accounting", reason: "callback_failed", email: "" });
    const response = NextResponse.redirect(new URL("/settings/security?link=failed", request.nextUrl.origin), 303);
    response.headers.append("set-cookie", clearCookie(LINK_COOKIE));
    return response;
  }
  if (error !== null) {
    // The person denied consent or the service failed: say so on the sign-in page; nothing is exchanged.
    const target = new URL("/sign-in", request.nextUrl.origin);
    target.searchParams.set("error", KNOWN_ERRORS.has(error) ? error : "failed");
    return NextResponse.redirect(target, 303);
  }
  const callback: CallbackContext = {
    country: parseCountry(request.nextUrl.searchParams.get("country")),
    signedIn: false,
    moveFromUserId: await movingUserId(request, provider),
    userAgent: request.headers.get("user-agent") ?? undefined,
    link,
  };
  const response = await runInCallbackContext(callback, () => nextAuth()(request, context));
  if (request.cookies.has(LINK_COOKIE)) response.headers.append("set-cookie", clearCookie(LINK_COOKIE));
  if (link) {
    // Held: the confirmation page asks; refused (or next-auth refused the callback): say so where it began.
    const target =
      link.outcome === "held" ? "/settings/security/link" : `/settings/security?link=${link.outcome ?? "failed"}`;
    if (link.outcome !== "held" && link.outcome !== "refused") {
      await recordSignInFailure(link.session.userId, { method: "accounting", reason: "callback_failed", email: "" });
    }
    response.headers.set("location", new URL(target, request.nextUrl.origin).toString());
    return response;
  }
  if (request.cookies.has(MOVE_COOKIE))
    response.headers.append("set-cookie", `${MOVE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  if (request.cookies.has(MOVE_COOKIE) && callback.signedIn && !callback.moved) {
    // The page must not say "moved" when the v3.1 account was not the legacy person's.
    const location = response.headers.get("location");
    if (location?.includes("moved=1")) response.headers.set("location", location.replace("moved=1", "moved=0"));
  }
  if (callback.signedIn && callback.country) {
    const secure = request.nextUrl.protocol === "https:";
    response.headers.append(
      "set-cookie",
      `${authCookieNames().country}=${callback.country}; Path=/; Max-Age=${COUNTRY_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  }
  return response;
}

export async function handleAuthPost(request: NextRequest, context: RouteContext): Promise<Response> {
  const [action, provider] = (await context.params).nextauth;
  let move = false;
  let linkNonce: string | null = null;
  if (action === "signin" && provider && PROVIDERS.has(provider)) {
    // Only these reach the authorization URL: next-auth passes every query parameter on.
    const params = request.nextUrl.searchParams;
    const scope = parseScope(params.get("scope")) ?? "full_access";
    const country = parseCountry(params.get("country"));
    move = provider === "accounting" && params.get("move") === "1";
    if (provider === "accounting" && params.get("link") === "1") {
      // Linking an accounting account to the signed-in (e-mail) person: bound to this session.
      const user = await sessionUserFromRequest(request);
      linkNonce = user
        ? await beginAccountLink({
            userId: user.id,
            sessionId: user.sessionId,
            accountingUserId: user.accountingUserId,
          })
        : null;
    }
    for (const name of [...params.keys()]) params.delete(name);
    // The legacy authorization request names the parameter `scopes`.
    params.set(provider === LEGACY_PROVIDER_ID ? "scopes" : "scope", scope);
    if (country) params.set("country", country);
  }
  const response = await nextAuth()(request, context);
  if (linkNonce) {
    const secure = request.nextUrl.protocol === "https:";
    response.headers.append(
      "set-cookie",
      `${LINK_COOKIE}=${linkNonce}; Path=/; Max-Age=900; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  }
  if (move) {
    const secure = request.nextUrl.protocol === "https:";
    response.headers.append(
      "set-cookie",
      `${MOVE_COOKIE}=1; Path=/; Max-Age=900; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  }
  return response;
}
