import { describe, expect, it } from "vitest";
import { parseTrialBalanceQuery, queryString } from "./query";

const today = "2026-05-20";

describe("the view in the URL", () => {
  it("defaults to the year to date", () => {
    expect(parseTrialBalanceQuery({}, today)).toEqual({ ok: true, query: { from: "2026-01-01", to: "2026-05-20", compare: "none", basis: "closing" } });
  });

  it("reads range, comparison and business and writes them back", () => {
    const params = new URLSearchParams("from=2026-01-01&to=2026-03-31&compare=year&basis=movement&business=b5f1f367684a07c575f1122dcd615422");
    const parsed = parseTrialBalanceQuery(params, today);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.query).toEqual({ from: "2026-01-01", to: "2026-03-31", compare: "year", basis: "movement", business: "b5f1f367684a07c575f1122dcd615422" });
    expect(new URLSearchParams(queryString(parsed.query)).toString()).toBe(params.toString());
  });

  it("refuses malformed dates and a reversed range with field errors", () => {
    expect(parseTrialBalanceQuery({ from: "2026-02-30", to: "2026-03-01" }, today)).toMatchObject({ ok: false, errors: { from: "dateInvalid" } });
    expect(parseTrialBalanceQuery({ from: "2026-04-01", to: "2026-03-01" }, today)).toMatchObject({ ok: false, errors: { to: "rangeReversed" } });
    expect(parseTrialBalanceQuery({ from: "", to: "2026-03-01" }, today)).toMatchObject({ ok: false, errors: { from: "dateRequired" } });
    expect(parseTrialBalanceQuery({ from: "2026-01-01", to: "2026-03-01", business: "../x" }, today)).toMatchObject({ ok: false, errors: { business: "businessInvalid" } });
  });

  it("unknown comparison values fall back to none", () => {
    expect(parseTrialBalanceQuery({ compare: "decade" }, today)).toMatchObject({ ok: true, query: { compare: "none" } });
  });
});
