import { describe, expect, it } from "vitest";
import { COUNTRIES } from "@/sandbox/payroll/countries";
import { countryChoices, regionCodeOfGermanName } from "./countries";

describe("regionCodeOfGermanName", () => {
  it("finds the ISO code of the service's German names, official spellings included", () => {
    expect(regionCodeOfGermanName("Deutschland")).toBe("DE");
    expect(regionCodeOfGermanName("Österreich")).toBe("AT");
    expect(regionCodeOfGermanName("Moldau, Republik")).toBe("MD");
    expect(regionCodeOfGermanName("Korea, Republik")).toBe("KR");
    expect(regionCodeOfGermanName("Russische Föderation")).toBe("RU");
    expect(regionCodeOfGermanName("staatenlos")).toBeUndefined();
  });

  it("knows every country of the sandbox's list (only the three non-countries stay unknown)", () => {
    const unknown = COUNTRIES.filter((country) => !regionCodeOfGermanName(country.name)).map((country) => country.id);
    expect(unknown).toEqual([997, 998, 999]);
  });
});

describe("countryChoices", () => {
  const list = [
    { id: 0, name: "Deutschland", nationality: "deutsch" },
    { id: 151, name: "Österreich", nationality: "österreichisch" },
    { id: 163, name: "Spanien", nationality: "spanisch" },
    { id: 126, name: "Dänemark", nationality: "dänisch" },
    { id: 997, name: "staatenlos", nationality: "staatenlos" },
    { id: 900, name: "Nirgendwo", nationality: "" },
  ];

  it("names the countries in English and sorts them in English", () => {
    expect(countryChoices(list, "en", { 997: "Stateless" }).map((choice) => choice.label)).toEqual([
      "Austria",
      "Denmark",
      "Germany",
      "Nirgendwo",
      "Spain",
      "Stateless",
    ]);
  });

  it("sorts German names by German collation (Ö beside O, not after Z), the service's name when unknown", () => {
    expect(countryChoices(list, "de").map((choice) => choice.label)).toEqual([
      "Dänemark",
      "Deutschland",
      "Nirgendwo",
      "Österreich",
      "Spanien",
      "staatenlos",
    ]);
  });
});
