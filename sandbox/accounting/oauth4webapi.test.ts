import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  fixtureUsers,
  startTestSandbox,
  userByEmail,
  walkAuthorization,
  type FixtureUser,
  type TestSandbox,
} from "../test-support";

// A standard OAuth client nobody here wrote completes the code flow with PKCE and renews.
let t: TestSandbox;
let alice: FixtureUser;
let as: oauth.AuthorizationServer;
const redirectUri = "http://127.0.0.1:9/oauth/callback";
const insecure = { [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  t = await startTestSandbox();
  alice = userByEmail(await fixtureUsers(t), "alice");
  as = {
    issuer: t.sandbox.url,
    authorization_endpoint: t.urls.accounting.auth_url,
    token_endpoint: t.urls.accounting.token_url,
    revocation_endpoint: t.urls.accounting.revoke_url,
  };
});
afterAll(() => t.close());

describe.each([
  ["client_secret_basic", oauth.ClientSecretBasic],
  ["client_secret_post", oauth.ClientSecretPost],
])("oauth4webapi with %s", (_name, authMethod) => {
  it("completes the code flow with PKCE (S256), renews and revokes", async () => {
    const registration = await t.control<{ client_id: string; client_secret: string }>("POST", "/clients", {
      name: "oauth4webapi test",
      redirect_uris: [redirectUri],
      version: "v3.1",
    });
    const client: oauth.Client = { client_id: registration.body.client_id };
    const clientAuth = authMethod(registration.body.client_secret);
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    const state = oauth.generateRandomState();

    const callback = await walkAuthorization(
      as.authorization_endpoint ?? "",
      {
        client_id: client.client_id,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "full_access",
        state,
        code_challenge: challenge,
        code_challenge_method: "S256",
        country: "gb",
      },
      alice,
    );
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const codeResponse = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      redirectUri,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, codeResponse);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(300);
    expect(tokens.requested_by_id).toBe(alice.id);
    expect((await api(t, tokens.access_token, "/user")).status).toBe(200);

    const refreshResponse = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      tokens.refresh_token ?? "",
      insecure,
    );
    const renewed = await oauth.processRefreshTokenResponse(as, client, refreshResponse);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api(t, renewed.access_token, "/businesses/lead")).status).toBe(200);

    const stale = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? "", insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, stale)).rejects.toMatchObject({
      error: "invalid_grant",
    });

    const revoke = await oauth.revocationRequest(as, client, clientAuth, renewed.refresh_token ?? "", insecure);
    await oauth.processRevocationResponse(revoke);
    const afterRevoke = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      renewed.refresh_token ?? "",
      insecure,
    );
    await expect(oauth.processRefreshTokenResponse(as, client, afterRevoke)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });
});
