export const enLegacy = {
  signInLegacy: "Sign in with a legacy v3 registration",
  signInLegacyHint: "Only for firms whose accounting app registration still uses the legacy v3 flow.",
  flow: "Flow",
  flowV31: "v3.1",
  flowV3: "Legacy v3",
  site: "Site (X-Site)",
  v31Title: "v3.1 connection",
  v3Title: "Legacy v3 connection",
  moveTitle: "Move to v3.1",
  moveText:
    "Your connection uses the legacy v3 flow. Sign in through v3.1 to move it: Ledgerlane then revokes the v3 access and deletes its stored tokens.",
  moveButton: "Move to v3.1",
  moved: "Moved to v3.1. The legacy v3 access has been revoked.",
  moveRefused:
    "Not moved: the v3.1 account you signed in with has another lead business than the legacy v3 connection. You are now signed in with that v3.1 account; the legacy v3 connection was left as it was.",
  needsV31Title: "This page needs v3.1",
  needsV31Text:
    "Your accounting connection uses the legacy v3 flow, and this page needs the v3.1 business and user endpoints. Move the connection to v3.1 to use it.",
  check: "Check the connection",
  checkOk: "The legacy v3 connection works. Access token valid until {until}.",
  checkFailed: "The legacy v3 connection could not be checked: {reason}",
  disconnectLegacy: "Disconnect legacy v3",
} as const;
