import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const signInRoutes = {
  requestEmailLink: { method: "POST", path: "/api/sign-in/email", body: true },
  completeEmailLink: { method: "POST", path: "/api/sign-in/email/complete", body: true },
  listSessions: { method: "GET", path: "/api/sessions" },
  endSession: { method: "DELETE", path: "/api/sessions/:sessionId" },
  endOtherSessions: { method: "POST", path: "/api/sessions/sign-out-others" },
  confirmationMethods: { method: "GET", path: "/api/sessions/confirm" },
  confirmPasskeyOptions: { method: "POST", path: "/api/sessions/confirm/passkey/options" },
  confirmWithPasskey: { method: "POST", path: "/api/sessions/confirm/passkey", body: true },
  sendConfirmationCode: { method: "POST", path: "/api/sessions/confirm/email-code" },
  confirmWithCode: { method: "POST", path: "/api/sessions/confirm/email-code/verify", body: true },
} as const satisfies RoutesTable;
