import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { nowMs, resetTestClock, setTestClockOffset } from "@/lib/clock";
import { SOCKET_ADDRESS_HEADER } from "@/lib/http/server/socket-address";
import { newSecret } from "./email-link";
import { postRequestEmailLink } from "../../server/email-handlers";
import type * as EmailMail from "../../server/email-mail";

// The limits an attacker could use against someone's e-mail sign-in: X-Forwarded-For believed from
// anyone, and asks for another's address blocking them and mailing them again and again.

// Read once, at the configuration's first parse (the fixtures parse it after this module loads).
process.env.TRUSTED_PROXIES = "10.200.0.0/16";

vi.mock("next-intl/server", () => ({
  getTranslations: () => Promise.resolve(Object.assign((key: string) => key, { has: () => true })),
  getLocale: () => Promise.resolve("en"),
}));
const mails = vi.hoisted(() => [] as string[]);
vi.mock("../../server/email-mail", async (original) => ({
  ...(await original<typeof EmailMail>()),
  sendSignInMail: (mail: { to: string }) => void mails.push(mail.to),
}));

const BROWSER = "ledgerlane.sign-in-browser";
const noParams = { params: Promise.resolve({}) };
const randomIp = (prefix: string) => `${prefix}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** An ask as it arrives through the app's server: the socket's address stamped, a cookie and X-Forwarded-For as sent. */
function ask(email: string, from: { browser?: string; socket?: string; forwardedFor?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  headers.cookie = `${BROWSER}=${from.browser ?? newSecret()}`;
  headers[SOCKET_ADDRESS_HEADER] = from.socket ?? randomIp("198.18");
  if (from.forwardedFor) headers["x-forwarded-for"] = from.forwardedFor;
  const request = new NextRequest("http://localhost:3999/api/sign-in/email", {
    method: "POST",
    headers,
    body: JSON.stringify({ email }),
  });
  return postRequestEmailLink(request, noParams);
}

const it = test.extend("known", async ({ db }, { onCleanup }) => {
  const email = `vera-${randomUUID().slice(0, 8)}@example.com`;
  const user = await db.user.create({
    data: { email, verifiedEmail: email, emailVerifiedAt: new Date(), displayName: "Vera" },
  });
  onCleanup(() => db.user.delete({ where: { id: user.id } }).then(() => undefined));
  return { id: user.id, email };
});

afterEach(() => {
  resetTestClock();
  mails.length = 0;
});

const address = () => `x-${randomUUID().slice(0, 8)}@example.com`;
const statuses = async (responses: Promise<Response>[]) =>
  (await Promise.all(responses)).map((response) => response.status);

describe("the per-IP limit of sign-in links", () => {
  it("ignores X-Forwarded-For from a connection that is not a trusted proxy", async () => {
    const socket = randomIp("203.0");
    const answers = [];
    for (let index = 0; index < 31; index += 1)
      answers.push(await ask(address(), { socket, forwardedFor: randomIp("172.16") }));
    expect(answers.map((answer) => answer.status).filter((status) => status === 429)).toEqual([429]);
    expect(await answers[30]!.json()).toMatchObject({ error: { code: "rate_limited", limit: "email-link-ip" } });
  });

  it("behind a trusted proxy, counts the client X-Forwarded-For names", async () => {
    const proxy = randomIp("10.200");
    const client = randomIp("100.64");
    // Many clients behind one proxy: each is its own.
    expect(
      new Set(
        await statuses(
          Array.from({ length: 35 }, () => ask(address(), { socket: proxy, forwardedFor: randomIp("100.65") })),
        ),
      ),
    ).toEqual(new Set([202]));
    // One client, whatever it writes before the proxy's entry.
    const answers = [];
    for (let index = 0; index < 31; index += 1)
      answers.push((await ask(address(), { socket: proxy, forwardedFor: `${randomIp("172.16")}, ${client}` })).status);
    expect(answers.filter((status) => status === 429)).toEqual([429]);
  });
});

describe("asks for someone's address", () => {
  it("from another browser and network do not block their own sign-in", async ({ known }) => {
    const attacker = { browser: newSecret(), socket: randomIp("203.1") };
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push((await ask(known.email, attacker)).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    // A new cookie for each ask does not help from the same network.
    expect((await ask(known.email, { socket: attacker.socket })).status).toBe(429);
    // The person, in their own browser: a link.
    setTestClockOffset(nowMs() - Date.now() + 61_000);
    expect((await ask(known.email)).status).toBe(202);
  });

  it("still have a generous limit for the address from everyone", async ({ known }) => {
    const answers = await statuses(Array.from({ length: 31 }, () => ask(known.email)));
    expect(answers.filter((status) => status === 202)).toHaveLength(30);
    expect(answers.filter((status) => status === 429)).toHaveLength(1);
  });

  it("mail the address at most once a minute, with the same answer", async ({ known }) => {
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await ask(known.email));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(new Set(bodies).size).toBe(1);
    await vi.waitFor(() => expect(mails.filter((to) => to === known.email)).toHaveLength(1));
    setTestClockOffset(nowMs() - Date.now() + 61_000);
    expect((await ask(known.email)).status).toBe(202);
    await vi.waitFor(() => expect(mails.filter((to) => to === known.email)).toHaveLength(2));
  });
});
