import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/http/browser-fetch";
import { apiErrorCodeSchema } from "@/lib/http/envelope";
import { MESSAGES } from "@/lib/i18n/messages";
import { createTranslator, type MessageKey } from "@/lib/i18n/translate";
import { errorBody, errorKey, errorMessage, isTransient } from "./error-text";

const en = createTranslator(MESSAGES.en);
const de = createTranslator(MESSAGES.de);

describe("errorMessage", () => {
  it("gives every error code a text in English and German, for both services", () => {
    for (const code of apiErrorCodeSchema.options) {
      for (const service of ["payroll", "accounting"] as const) {
        const key: MessageKey = errorKey(code, service);
        expect(en(key), `${code} (${service})`).not.toBe(key);
        expect(de(key), `${code} (${service})`).not.toBe(key);
      }
    }
  });

  it("says the service did not answer for a network failure, in the service's words", () => {
    const network = new ApiRequestError(0, { code: "network", message: "The server could not be reached." });
    expect(errorMessage(en, network)).toBe(MESSAGES.en.payroll.errors.network);
    expect(errorMessage(en, network, "accounting")).toBe(MESSAGES.en.accountingError.network);
    expect(errorMessage(de, network)).toBe(MESSAGES.de.payroll.errors.network);
  });

  it("treats a rejected fetch (TypeError) as a network failure", () => {
    expect(errorBody(new TypeError("Failed to fetch")).code).toBe("network");
    expect(errorMessage(en, new TypeError("Failed to fetch"))).toBe(MESSAGES.en.payroll.errors.network);
  });

  it("maps specific codes to their own texts", () => {
    expect(errorMessage(en, { code: "key_refused" })).toBe(MESSAGES.en.payroll.errors.keyRefused);
    expect(errorMessage(en, { code: "not_connected" })).toBe(MESSAGES.en.payroll.errors.notConnected);
    expect(errorMessage(en, { code: "unavailable" }, "accounting")).toBe(MESSAGES.en.accountingError.unavailable);
    expect(errorMessage(de, { code: "forbidden" }, "accounting")).toBe(MESSAGES.de.accountingError.refused);
    expect(errorMessage(de, { code: "upstream_error" }, "accounting")).toBe(MESSAGES.de.accountingError.failed);
  });

  it("never shows the server's English message or a service's own text as the message", () => {
    const refused = new ApiRequestError(422, { code: "upstream_error", message: "Record invalid", detail: "Website is not a URL" });
    const text = errorMessage(de, refused);
    expect(text).toBe(MESSAGES.de.payroll.errors.generic);
    expect(text).not.toContain("Record invalid");
    expect(errorBody(refused).detail).toBe("Website is not a URL");
  });

  it("falls back to the generic text for an unknown code or something that is not an error body", () => {
    expect(errorBody({ code: "something_new" }).code).toBe("upstream_error");
    expect(errorBody(new Error("boom")).code).toBe("internal");
    expect(errorMessage(en, undefined)).toBe(MESSAGES.en.payroll.errors.generic);
    expect(errorMessage(en, undefined, "accounting")).toBe(MESSAGES.en.payroll.errors.generic);
  });
});

describe("isTransient", () => {
  it("retries no answer and 5xx, never a refusal or a bug", () => {
    expect(isTransient(new ApiRequestError(0, { code: "network", message: "" }))).toBe(true);
    expect(isTransient(new ApiRequestError(503, { code: "unavailable", message: "" }))).toBe(true);
    expect(isTransient(new ApiRequestError(409, { code: "conflict", message: "" }))).toBe(false);
    expect(isTransient(new ApiRequestError(422, { code: "invalid", message: "" }))).toBe(false);
    expect(isTransient(new Error("bug"))).toBe(false);
  });
});
