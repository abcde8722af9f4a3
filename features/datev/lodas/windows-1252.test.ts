import { describe, expect, it } from "vitest";
import { decodeWindows1252, encodeWindows1252, unencodableCharacters } from "./windows-1252";

// The per-code-point decision gives the answer of iconv-lite's round trip (encode, decode, compare),
// which it replaced for speed, for every code point of the Basic Multilingual Plane and beyond.
describe("unencodableCharacters", () => {
  it("agrees with an encode and decode for every code point", () => {
    const roundTrip = (character: string) => decodeWindows1252(encodeWindows1252(character)) === character;
    const disagreements: number[] = [];
    for (let code = 0; code <= 0x10ffff; code += code < 0x10000 ? 1 : 0x100) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCodePoint(code);
      if ((unencodableCharacters(character).length === 0) !== roundTrip(character)) disagreements.push(code);
    }
    expect(disagreements).toEqual([]);
  });

  it("names each unencodable character once, in order", () => {
    expect(unencodableCharacters("€ „Šœ“ Ÿ äöüß")).toEqual([]);
    expect(unencodableCharacters("Ł ✓ 😀 Ł")).toEqual(["Ł", "✓", "😀"]);
  });
});
