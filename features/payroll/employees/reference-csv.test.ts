import { describe, expect, it } from "vitest";
import { parseCountriesCsv, parseHealthInsurancesCsv } from "./reference-csv";

describe("reference list CSVs", () => {
  it("parses the health insurance list with quoted names, dates and successors", () => {
    const text =
      'CompanyNumber;CompanyName;AvailableFrom;AvailableTo;Replacement\r\n35561094;"BARMER";2017-01-01T00:00:00;;\r\n82395631;"BARMER GEK";;2016-12-31T00:00:00;35561094\r\n86535397;"Kasse ""Süd""; Nord";;;\r\n';
    expect(parseHealthInsurancesCsv(text)).toEqual([
      { number: "35561094", name: "BARMER", availableFrom: "2017-01-01", availableTo: null, replacement: null },
      {
        number: "82395631",
        name: "BARMER GEK",
        availableFrom: null,
        availableTo: "2016-12-31",
        replacement: "35561094",
      },
      { number: "86535397", name: 'Kasse "Süd"; Nord', availableFrom: null, availableTo: null, replacement: null },
    ]);
  });

  it("parses the country list", () => {
    expect(
      parseCountriesCsv('ID;Country;Nationality\r\n0;"Deutschland";"deutsch"\r\n163;"Türkei";"türkisch"\r\n'),
    ).toEqual([
      { id: 0, name: "Deutschland", nationality: "deutsch" },
      { id: 163, name: "Türkei", nationality: "türkisch" },
    ]);
  });

  it("refuses a list whose rows are not what the service documents", () => {
    expect(() => parseHealthInsurancesCsv('CompanyNumber;CompanyName\r\n123;"X"\r\n')).toThrow(/row 1/);
  });
});
