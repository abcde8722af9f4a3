import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { postAddSignInEmail, postConfirmLink, postVerifySignInEmail } from "@/features/account-linking/server/handlers";
import { nowMs, resetTestClock, setTestClockOffset } from "@/lib/clock";
import { postPasskey, postRegistrationOptions } from "@/features/passkeys/server/handlers";
import { RECENT_CONFIRMATION_MS } from "./recent-confirmation";
import { createSession } from "./session-store";
import { signedIn } from "./testing/signed-in-session";

// A stolen session older than ten minutes must not make itself a new way in (issue 35, section 3):
// adding a passkey (its options too), adding or replacing the sign-in e-mail (and its code), and
// confirming an account link each ask for a recent confirmation first.

// Whoever signedIn.current names is signed in (the cookie is not what is tested here).
vi.mock("@/lib/auth/server/session", () => import("./testing/signed-in-session"));

const it = test.extend("person", async ({ db }, { onCleanup }) => {
  const user = await db.user.create({
    data: { accountingUserId: `way-in:${randomUUID()}`, displayName: "Wanda Wayin" },
  });
  onCleanup(() => db.user.delete({ where: { id: user.id } }).then(() => undefined));
  return { id: user.id };
});

afterEach(() => {
  resetTestClock();
  signedIn.current = null;
});

type Route = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES: { name: string; route: Route; body: unknown; params?: Record<string, string> }[] = [
  { name: "POST /api/passkeys/registration-options", route: postRegistrationOptions, body: undefined },
  {
    name: "POST /api/passkeys",
    route: postPasskey,
    body: {
      response: { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "x", attestationObject: "x" } },
    },
  },
  { name: "POST /api/account/email", route: postAddSignInEmail, body: { email: "attacker@example.com" } },
  { name: "POST /api/account/email/verify", route: postVerifySignInEmail, body: { code: "123456" } },
  {
    name: "POST /api/account/links/:id/confirm",
    route: postConfirmLink,
    body: undefined,
    params: { linkId: randomUUID() },
  },
];

async function call(entry: (typeof ROUTES)[number], session: { sessionId: string; userId: string }) {
  signedIn.current = session;
  const request = new NextRequest("http://localhost:3999/api/x", {
    method: "POST",
    headers: entry.body === undefined ? {} : { "content-type": "application/json" },
    body: entry.body === undefined ? undefined : JSON.stringify(entry.body),
  });
  const response = await entry.route(request, { params: Promise.resolve(entry.params ?? {}) });
  return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
}

describe("a new way in asks for a recent confirmation", () => {
  for (const entry of ROUTES) {
    it(`${entry.name}: refused with 401 reauthentication_required after ten minutes`, async ({ person }) => {
      const start = nowMs();
      const session = { sessionId: await createSession(person.id), userId: person.id };
      setTestClockOffset(start + RECENT_CONFIRMATION_MS + 60_000 - Date.now());
      const refused = await call(entry, session);
      expect(refused.status).toBe(401);
      expect(refused.body.error?.code).toBe("reauthentication_required");
    });
  }
});
