import type { Page } from "@playwright/test";

// Passkeys in the browser tests: Chromium's virtual authenticator through CDP (WebAuthn domain),
// so a spec adds, signs in with and confirms by a passkey without a person touching a device.

/** A platform authenticator holding discoverable credentials, verifying the person at once. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
