import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorize, grantTokens } from "@/features/accounting/testing/sandbox-grant";
import { ALICE, TEST_CLIENT } from "@/features/accounting/testing/test-env";
import { startTestSandbox, type TestSandbox } from "@/sandbox/test-support";
import { withLogContext } from "./context";
import { buildLogger } from "./logger";
import { REDACTED } from "./redact";
import { captureLog } from "./testing/capture";
import { log } from "./logger";

// The secrets the sandbox issues (an access and a refresh token, an authorization code, a payroll
// API key), the app's session cookie and an e-mail's body, logged in the shapes the app's code
// holds them: none of them may reach a line, whatever the logger (the process's or a new one).

let sandbox: TestSandbox;
let secrets: Record<string, string>;

beforeAll(async () => {
  sandbox = await startTestSandbox({ seedClients: [TEST_CLIENT] });
  const client = {
    authUrl: sandbox.urls.accounting.auth_url,
    tokenUrl: sandbox.urls.accounting.token_url,
    clientId: TEST_CLIENT.client_id,
    clientSecret: TEST_CLIENT.client_secret,
    redirectUri: TEST_CLIENT.redirect_uris[0]!,
  };
  const tokens = await grantTokens(client, ALICE);
  const callback = await authorize(client, ALICE);
  const fixtures = await sandbox.control<{ payroll: { customers: { api_key: string }[] } }>("GET", "/fixtures");
  const signInToken = "Jx8sK2pQvW9mT4rLz7YbN3cE5dF1gH6j";
  secrets = {
    accessToken: String(tokens.access_token),
    refreshToken: String(tokens.refresh_token),
    code: callback.searchParams.get("code")!,
    apiKey: fixtures.body.payroll.customers[0]!.api_key,
    sessionCookie: await encode({ token: { uid: "u-1", sid: "s-1" }, secret: "a".repeat(32) }),
    signInToken,
    mailBody: `Hello Alice, sign in to Ledgerlane: http://localhost:3000/sign-in/link?token=${signInToken}`,
  };
  for (const [name, value] of Object.entries(secrets)) expect(value.length, name).toBeGreaterThan(10);
});
afterAll(() => sandbox?.close());

/** Everything the app's code might log that holds one of the secrets. */
function logEverything(logger: typeof log): void {
  const { accessToken, refreshToken, code, apiKey, sessionCookie, mailBody } = secrets;
  const cookie = `__Secure-next-auth.session-token=${sessionCookie}`;
  // A token response as the service answers it, and the app's own names for its parts.
  logger.info({ tokens: { access_token: accessToken, refresh_token: refreshToken, token_type: "Bearer" } }, "tokens");
  logger.info({ access_token: accessToken, refresh_token: refreshToken }, "token response");
  logger.info({ accessToken, refreshToken, connection: { refreshToken } }, "connection");
  // The OAuth callback.
  logger.info({ code, state: "test-state" }, "callback");
  logger.info({ query: { code, state: "test-state" } }, "callback query");
  // Keys.
  logger.warn({ apiKey, api_key: apiKey, connection: { apiKey } }, "payroll key");
  // Requests and answers: headers at one and two levels down.
  logger.info({ headers: { authorization: `Bearer ${accessToken}`, cookie } }, "outgoing");
  logger.info(
    { request: { headers: { Authorization: `Bearer ${accessToken}`, cookie, "x-api-key": apiKey, key: apiKey } } },
    "request",
  );
  logger.info({ response: { headers: { "set-cookie": cookie } } }, "response");
  logger.info({ cookies: { "__Secure-next-auth.session-token": sessionCookie } }, "cookies");
  // An e-mail, and a body anywhere.
  logger.info(
    { mail: { to: "alice@example.com", subject: "Sign in", text: mailBody, html: `<p>${mailBody}</p>` } },
    "mail",
  );
  logger.info({ body: mailBody, message: { body: mailBody } }, "body");
  // An error whose own fields hold a request (a client library's error): name, message and stack only.
  const failure = Object.assign(new Error("the service refused"), {
    config: { headers: { Authorization: `Bearer ${accessToken}` } },
    response: { data: { refresh_token: refreshToken } },
    apiKey,
  });
  logger.error({ err: failure }, "failed");
}

function expectNoSecretIn(text: string): void {
  for (const [name, value] of Object.entries(secrets)) expect(text.includes(value), `${name} in the log`).toBe(false);
  expect(text).toContain(REDACTED);
}

describe("redaction", () => {
  it("keeps every secret out of a logger's lines, and the rest of each line in", () => {
    const lines: string[] = [];
    logEverything(buildLogger({ LOG_LEVEL: "trace", LOG_FORMAT: "json" }, (line) => lines.push(line)));
    expectNoSecretIn(lines.join(""));
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(13);
    expect(records.find((line) => line.msg === "callback")).toMatchObject({ code: REDACTED, state: "test-state" });
    expect(records.find((line) => line.msg === "mail")).toMatchObject({
      mail: { to: "alice@example.com", subject: "Sign in", text: REDACTED, html: REDACTED },
    });
    expect(records.find((line) => line.msg === "failed")).toMatchObject({
      err: { type: "Error", message: "the service refused" },
    });
  });

  it("keeps them out of the process's lines, inside a request's context too", () => {
    const captured = captureLog();
    withLogContext({ requestId: "r-1", userId: "u-1" }, () => logEverything(log));
    expectNoSecretIn(captured.text());
    expect(captured.records().every((line) => line.requestId === "r-1")).toBe(true);
  });
});
