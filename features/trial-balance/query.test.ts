import { describe, expect, it } from "vitest";
import { parseTrialBalanceQuery, queryString } from "./query";

const today = "2026-05-20";

describe("the view in the URL", () => {
  it("defaults to the year to date", () => {
    expect(parseTrialBalanceQuery({}, today)).toEqual({
      ok: true,
      query: { from: "2026-01-01", to: "2026-05-20", compare: "none", basis: "closing", columns: "single" },
    });
  });

  it("reads range, comparison and business and writes them back", () => {
    const params = new URLSearchParams(
      "from=2026-01-01&to=2026-03-31&compare=year&basis=movement&business=b5f1f367684a07c575f1122dcd615422",
    );
    const parsed = parseTrialBalanceQuery(params, today);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.query).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
      compare: "year",
      basis: "movement",
      columns: "single",
      business: "b5f1f367684a07c575f1122dcd615422",
    });
    expect(new URLSearchParams(queryString(parsed.query)).toString()).toBe(params.toString());
  });

  it("refuses malformed dates and a reversed range with field errors", () => {
    expect(parseTrialBalanceQuery({ from: "2026-02-30", to: "2026-03-01" }, today)).toMatchObject({
      ok: false,
      errors: { from: "dateInvalid" },
    });
    expect(parseTrialBalanceQuery({ from: "2026-04-01", to: "2026-03-01" }, today)).toMatchObject({
      ok: false,
      errors: { to: "rangeReversed" },
    });
    expect(parseTrialBalanceQuery({ from: "", to: "2026-03-01" }, today)).toMatchObject({
      ok: false,
      errors: { from: "dateRequired" },
    });
    expect(parseTrialBalanceQuery({ from: "2026-01-01", to: "2026-03-01", business: "../x" }, today)).toMatchObject({
      ok: false,
      errors: { business: "businessInvalid" },
    });
  });

  it("unknown comparison values fall back to none", () => {
    expect(parseTrialBalanceQuery({ compare: "decade" }, today)).toMatchObject({
      ok: true,
      query: { compare: "none" },
    });
  });

  it("reads the columns and keeps the basis with them", () => {
    const parsed = parseTrialBalanceQuery(
      new URLSearchParams("from=2025-11-01&to=2026-10-31&columns=months&basis=movement"),
      today,
    );
    expect(parsed).toMatchObject({ ok: true, query: { columns: "months", basis: "movement", compare: "none" } });
    if (parsed.ok)
      expect(queryString(parsed.query)).toBe("from=2025-11-01&to=2026-10-31&columns=months&basis=movement");
    expect(parseTrialBalanceQuery({ columns: "weeks" }, today)).toMatchObject({
      ok: true,
      query: { columns: "single" },
    });
  });

  it("refuses more than 13 columns with a message at To, and counts quarters by the financial year", () => {
    expect(parseTrialBalanceQuery({ from: "2025-01-01", to: "2026-01-31", columns: "months" }, today)).toMatchObject({
      ok: true,
    });
    expect(parseTrialBalanceQuery({ from: "2025-01-01", to: "2026-02-01", columns: "months" }, today)).toMatchObject({
      ok: false,
      errors: { to: "tooManyPeriods" },
    });
    // A long range is fine as one period.
    expect(parseTrialBalanceQuery({ from: "2020-01-01", to: "2026-02-01" }, today)).toMatchObject({ ok: true });
    // 13 calendar quarters; with a May year the same dates touch 14.
    expect(parseTrialBalanceQuery({ from: "2023-01-01", to: "2026-03-31", columns: "quarters" }, today)).toMatchObject({
      ok: true,
    });
    expect(
      parseTrialBalanceQuery({ from: "2023-01-01", to: "2026-03-31", columns: "quarters" }, today, 5),
    ).toMatchObject({
      ok: false,
      errors: { to: "tooManyPeriods" },
    });
  });

  it("defaults to the financial year to date", () => {
    expect(parseTrialBalanceQuery({}, today, 4)).toMatchObject({
      ok: true,
      query: { from: "2026-04-01", to: "2026-05-20" },
    });
  });
});
