import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/http/browser-fetch";
import type { Translate } from "@/lib/i18n/translate";
import { GridModel } from "@/lib/payroll-grid/model";
import { gridSpecFor } from "@/lib/payroll-entries/grid-spec";
import { applyRefusal, TransferNotSentError } from "./use-transfer";

// The key and its values, so each assertion names the text chosen.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as Translate;
const describeCode = (code: string) => `described:${code}`;

function model() {
  return new GridModel(gridSpecFor("hours", "2026-11"), { locale: "en", month: "2026-11" }, [1, 2], []);
}

describe("applyRefusal", () => {
  it("puts the lines the server found invalid at their cells, with the code's text", () => {
    const grid = model();
    const [first, second] = grid.lines;
    const error = new ApiRequestError(422, {
      code: "invalid",
      message: "Some lines are not valid; nothing was sent.",
      problems: [
        { lineId: first!.id, field: "total_hours", code: "negative", message: "ignored" },
        { lineId: second!.id, field: null, code: null, message: "ignored" },
        { lineId: null, field: "type", code: "required", message: "no line: not shown in the grid" },
      ],
    });
    expect(applyRefusal(error, grid, describeCode, t)).toEqual({ tone: "error", text: "payrollEntries.refusedValidation" });
    expect(grid.issuesOf(first!)).toEqual([{ lineId: first!.id, col: 1, message: "described:negative" }]);
    expect(grid.issuesOf(second!)).toEqual([{ lineId: second!.id, col: -1, message: "described:invalid" }]);
  });

  it("shows the service's own words for lines it refused", () => {
    const grid = model();
    const line = grid.lines[0]!;
    const error = new ApiRequestError(422, { code: "refused", message: "Refused.", problems: [{ lineId: line.id, field: "type", code: "X1", message: "Unknown wage type" }] });
    expect(applyRefusal(error, grid, describeCode, t).text).toBe("payrollEntries.refusedValidation");
    expect(grid.issuesOf(line)).toEqual([{ lineId: line.id, col: 0, message: "Unknown wage type" }]);
  });

  it("tells a pay run, an unknown outcome and another refusal apart", () => {
    const grid = model();
    expect(applyRefusal(new ApiRequestError(409, { code: "pay_run_in_progress", message: "Pay run." }), grid, describeCode, t).text).toBe("payrollEntries.payRunInProgress");
    for (const code of ["outcome_unknown", "upstream_unreachable", "unavailable", "network"] as const) {
      expect(applyRefusal(new ApiRequestError(502, { code, message: "?" }), grid, describeCode, t).text).toBe("payrollEntries.transferUnknown");
    }
    // Anything thrown that is not an answer of the app: nobody knows whether it reached the service.
    expect(applyRefusal(new TypeError("boom"), grid, describeCode, t).text).toBe("payrollEntries.transferUnknown");
    // Another refusal gets its code's translated text, never the server's English message.
    expect(applyRefusal(new ApiRequestError(409, { code: "period_changed", message: "The month is now 2026-12." }), grid, describeCode, t).text).toBe("errors.period_changed");
  });

  it("says nothing was sent (not 'unknown') when the failure came before the transfer's call", () => {
    const grid = model();
    // The server could not read the employee list first: its code, with `sent: false`.
    const notSent = applyRefusal(new ApiRequestError(502, { code: "upstream_unreachable", message: "?", sent: false }), grid, describeCode, t).text;
    expect(notSent).toContain("payrollEntries.transferNotSent");
    expect(notSent).toContain("payrollErrors.network"); // why, in the payroll texts
    expect(notSent).not.toContain("payrollEntries.transferUnknown");
    // The draft could not be saved first: the transfer was never requested.
    const unsaved = new TransferNotSentError("The draft could not be saved.", { cause: new TypeError("Failed to fetch") });
    expect(applyRefusal(unsaved, grid, describeCode, t).text).toContain("payrollEntries.transferNotSent");
  });
});
