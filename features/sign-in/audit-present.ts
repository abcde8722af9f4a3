import { list, str, type KindPresenters } from "@/lib/audit/present";
import { keyUnder, type Translate } from "@/lib/i18n/translate";

/** How the trail reads sign-ins, refused attempts and sign-outs (features/sign-in/core/server/sign-in-audit.ts). */

type SessionKind =
  | "session.signed_in"
  | "session.sign_in_failed"
  | "session.signed_out"
  | "session.confirmed"
  | "session.confirmation_failed";

function confirmMethodText(t: Translate, method: unknown): string {
  return t(method === "passkey" ? "recentSignIn.auditMethod.passkey" : "recentSignIn.auditMethod.email_code");
}

/** A code's refusal in words; a passkey's is the error code's text (errors.*). */
function confirmReasonText(t: Translate, reason: unknown): string {
  const key = keyUnder(t, "recentSignIn.auditReason", str(reason)) ?? keyUnder(t, "errors", str(reason));
  return key ? t(key) : str(reason);
}

function methodText(t: Translate, method: unknown): string {
  return method === "email" || method === "passkey"
    ? t(`audit.signInMethod.${method}`)
    : t("audit.signInMethod.accounting");
}

function deviceText(t: Translate, device: unknown): string {
  return str(device) || t("security.unknownDevice");
}

function reasonText(t: Translate, reason: unknown): string {
  const key = keyUnder(t, "audit.signInFailure", str(reason));
  return key ? t(key) : str(reason);
}

export const SIGN_IN_AUDIT_PRESENTERS: KindPresenters<SessionKind> = {
  "session.confirmed": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.session_confirmed", { method: confirmMethodText(t, d.method) }),
  },
  "session.confirmation_failed": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.session_confirmation_failed", {
        method: confirmMethodText(t, d.method),
        reason: confirmReasonText(t, d.reason),
      }),
  },
  "session.signed_in": {
    summary: ({ t }, { details: d }) =>
      t("audit.summary.session_signed_in", { method: methodText(t, d.method), device: deviceText(t, d.device) }),
  },
  "session.sign_in_failed": {
    // A passkey or an accounting callback names no address: the text then names none either.
    summary: ({ t }, { details: d }) =>
      str(d.email)
        ? t("audit.summary.session_sign_in_failed", {
            method: methodText(t, d.method),
            reason: reasonText(t, d.reason),
            email: str(d.email),
          })
        : t("audit.summary.session_sign_in_failed_no_email", {
            method: methodText(t, d.method),
            reason: reasonText(t, d.reason),
          }),
  },
  "session.signed_out": {
    summary: ({ t }, { details: d }) =>
      t(`audit.summary.session_signed_out_${d.scope === "others" ? "others" : d.scope === "one" ? "one" : "this"}`, {
        count: list(d.sessionIds).length,
        devices: list(d.devices)
          .map((device) => deviceText(t, device))
          .join(", "),
      }),
  },
};
