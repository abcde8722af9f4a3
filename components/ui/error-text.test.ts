import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import { apiErrorCodeSchema } from "@/lib/http/envelope";
import { MESSAGES } from "@/lib/i18n/messages";
import { createTranslator } from "next-intl";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { errorBody, errorKey, errorMessage, isTransient } from "./error-text";

// A missing key throws here, so "every code has a text" cannot pass by echoing the key.
const translator = (locale: "en" | "de") =>
  createTranslator({
    locale,
    messages: MESSAGES[locale],
    onError: (error) => {
      throw error;
    },
  }) as unknown as Translate;
const en = translator("en");
const de = translator("de");

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

  it("says the app could not be reached for a network failure, and names the service when it did not answer", () => {
    const network = new ApiRequestError(0, { code: "network", message: "The server could not be reached." });
    expect(errorMessage(en, network)).toBe(MESSAGES.en.errors.network);
    expect(errorMessage(de, network, "accounting")).toBe(MESSAGES.de.errors.network);
    const silent = new ApiRequestError(502, { code: "upstream_unreachable", message: "" });
    expect(errorMessage(en, silent)).toBe(MESSAGES.en.payrollErrors.network);
    expect(errorMessage(en, silent, "accounting")).toBe(MESSAGES.en.accountingError.network);
  });

  it("treats a rejected fetch (TypeError) as a network failure", () => {
    expect(errorBody(new TypeError("Failed to fetch")).code).toBe("network");
    expect(errorMessage(en, new TypeError("Failed to fetch"))).toBe(MESSAGES.en.errors.network);
  });

  it("maps specific codes to their own texts", () => {
    expect(errorMessage(en, { code: "key_refused" })).toBe(MESSAGES.en.errors.key_refused);
    expect(errorMessage(en, { code: "not_connected" })).toBe(MESSAGES.en.errors.not_connected);
    expect(errorMessage(en, { code: "unavailable" }, "accounting")).toBe(MESSAGES.en.accountingError.unavailable);
    expect(errorMessage(de, { code: "forbidden" }, "accounting")).toBe(MESSAGES.de.accountingError.refused);
    expect(errorMessage(de, { code: "upstream_error" }, "accounting")).toBe(MESSAGES.de.accountingError.failed);
  });

  it("never shows the server's English message or a service's own text as the message", () => {
    const refused = new ApiRequestError(422, {
      code: "upstream_error",
      message: "Record invalid",
      detail: "Website is not a URL",
    });
    const text = errorMessage(de, refused);
    expect(text).toBe(MESSAGES.de.errors.upstream_error);
    expect(text).not.toContain("Record invalid");
    expect(errorBody(refused).detail).toBe("Website is not a URL");
  });

  it("falls back to the generic text for an unknown code or something that is not an error body", () => {
    expect(errorBody({ code: "something_new" }).code).toBe("upstream_error");
    expect(errorBody(new Error("boom")).code).toBe("internal");
    expect(errorMessage(en, undefined)).toBe(MESSAGES.en.errors.internal);
    expect(errorMessage(en, undefined, "accounting")).toBe(MESSAGES.en.errors.internal);
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
