import { describe, expect, it } from "vitest";
import { FEDERAL_STATES, proposeFederalState } from "./federal-states";

describe("proposeFederalState", () => {
  it.each([
    // capitals and large cities
    ["01067", "SN"],
    ["04109", "SN"],
    ["10115", "BE"],
    ["14467", "BB"],
    ["03046", "BB"],
    ["19053", "MV"],
    ["18055", "MV"],
    ["20095", "HH"],
    ["24103", "SH"],
    ["23552", "SH"],
    ["28195", "HB"],
    ["30159", "NI"],
    ["39104", "ST"],
    ["06108", "ST"],
    ["99084", "TH"],
    ["07743", "TH"],
    ["40213", "NW"],
    ["50667", "NW"],
    ["53111", "NW"],
    ["55116", "RP"],
    ["66111", "SL"],
    ["65183", "HE"],
    ["60311", "HE"],
    ["70173", "BW"],
    ["68159", "BW"],
    ["80331", "BY"],
    ["90403", "BY"],
    // areas that cross a state border
    ["01968", "BB"],
    ["04600", "TH"],
    ["04916", "BB"],
    ["06567", "TH"],
    ["17268", "BB"],
    ["19322", "BB"],
    ["19370", "MV"],
    ["21465", "SH"],
    ["21614", "NI"],
    ["22844", "SH"],
    ["23966", "MV"],
    ["27498", "SH"],
    ["27568", "HB"],
    ["27607", "NI"],
    ["28816", "NI"],
    ["29410", "ST"],
    ["29439", "NI"],
    ["34414", "NW"],
    ["34497", "HE"],
    ["36433", "TH"],
    ["37073", "NI"],
    ["37269", "HE"],
    ["37308", "TH"],
    ["37671", "NW"],
    ["38486", "ST"],
    ["38518", "NI"],
    ["38855", "ST"],
    ["48455", "NI"],
    ["48565", "NW"],
    ["49477", "NW"],
    ["49565", "NI"],
    ["53474", "RP"],
    ["53721", "NW"],
    ["57072", "NW"],
    ["57610", "RP"],
    ["63739", "BY"],
    ["66482", "RP"],
    ["66538", "SL"],
    ["67655", "RP"],
    ["68519", "HE"],
    ["68526", "BW"],
    ["68623", "HE"],
    ["68723", "BW"],
    ["88045", "BW"],
    ["88131", "BY"],
    ["88212", "BW"],
    ["89073", "BW"],
    ["89231", "BY"],
    ["89518", "BW"],
    ["96450", "BY"],
    ["96515", "TH"],
    ["97070", "BY"],
    ["97877", "BW"],
    ["97892", "BY"],
    ["97980", "BW"],
    ["98527", "TH"],
  ])("%s lies in %s", (postalCode, state) => {
    expect(proposeFederalState(postalCode)).toBe(state);
  });

  it("reads a code with spaces around it and refuses what is not a German postal code", () => {
    expect(proposeFederalState(" 80331 ")).toBe("BY");
    for (const code of ["", "8033", "803311", "A-1010", "00999"]) expect(proposeFederalState(code)).toBeNull();
  });

  it("proposes every state for some code", () => {
    const proposed = new Set<string>();
    for (let code = 1000; code <= 99999; code += 10)
      proposed.add(String(proposeFederalState(String(code).padStart(5, "0"))));
    expect([...proposed].sort()).toEqual([...FEDERAL_STATES].sort());
  });
});
