import { describe, expect, it } from "vitest";
import type { GridColumn } from "./columns";
import { canonicalize, displayValue, matchOption } from "./locale-input";

const typeColumn: GridColumn = {
  key: "type",
  kind: "enum",
  options: [
    { value: "NIGHT_SUPPLEMENT_25", labels: { en: "Night supplement 25 %", de: "Nachtzuschlag 25 %" } },
    { value: "NIGHT_SUPPLEMENT", labels: { en: "Night supplement", de: "Nachtzuschlag" } },
    { value: "HOURLY_WAGE", labels: { en: "Hourly wage", de: "Stundenlohn" } },
  ],
};

describe("options and canonical values", () => {
  it("matches codes, labels in both languages and unique prefixes", () => {
    expect(matchOption(typeColumn.options!, "hourly_wage")).toBe("HOURLY_WAGE");
    expect(matchOption(typeColumn.options!, "stundenlohn")).toBe("HOURLY_WAGE");
    expect(matchOption(typeColumn.options!, "Night supplement")).toBe("NIGHT_SUPPLEMENT");
    expect(matchOption(typeColumn.options!, "Stu")).toBe("HOURLY_WAGE");
    expect(matchOption(typeColumn.options!, "Nacht")).toBeNull();
  });
  it("keeps unreadable text as typed, for validation to report", () => {
    expect(canonicalize({ key: "h", kind: "decimal" }, "zwölf", { locale: "de", month: "2026-11" })).toBe("zwölf");
    expect(canonicalize(typeColumn, " Stundenlohn ", { locale: "de", month: "2026-11" })).toBe("HOURLY_WAGE");
  });
  it("shows values in the person's language", () => {
    expect(displayValue({ key: "h", kind: "decimal" }, "7.5", "de")).toBe("7,5");
    expect(displayValue({ key: "d", kind: "date" }, "2026-11-15", "de")).toBe("15.11.2026");
    expect(displayValue({ key: "d", kind: "date" }, "2026-11-15", "en")).toBe("15/11/2026");
    expect(displayValue(typeColumn, "HOURLY_WAGE", "de")).toBe("Stundenlohn");
  });
  it("shows money with two decimals in either language, keeping more when stored, the stored value unchanged", () => {
    const money: GridColumn = { key: "amount", kind: "decimal", money: true };
    expect(displayValue(money, "15.5", "en")).toBe("15.50");
    expect(displayValue(money, "-250", "en")).toBe("-250.00");
    expect(displayValue(money, "15.5", "de")).toBe("15,50");
    expect(displayValue(money, "-250", "de")).toBe("-250,00");
    expect(displayValue(money, "0.125", "de")).toBe("0,125");
    expect(displayValue(money, "zwölf", "de")).toBe("zwölf");
    expect(displayValue({ key: "h", kind: "decimal" }, "8", "en")).toBe("8");
    expect(canonicalize(money, displayValue(money, "15.5", "de"), { locale: "de", month: "2026-11" })).toBe("15.5");
  });
});
