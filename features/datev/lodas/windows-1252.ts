import iconv from "iconv-lite";

/**
 * DATEV reads its ASCII imports as Windows-1252 (ANSI); Node's TextEncoder writes UTF-8 only, so
 * iconv-lite encodes. iconv-lite writes "?" for a character the code page lacks: the export's
 * checks refuse such text first (`unencodable`), so a file never carries a silent "?".
 */
export const WINDOWS_1252 = "windows-1252";

export function encodeWindows1252(text: string): Buffer {
  return iconv.encode(text, "win1252");
}

export function decodeWindows1252(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes), "win1252");
}

/**
 * The characters in 0x80–0x9F where Windows-1252 differs from Latin-1 (€, „, Š, …), as iconv-lite
 * maps them: below 0x80 and from 0xA0 to 0xFF both are Unicode's first 256 code points.
 */
const UPPER_HALF_EXTRAS: ReadonlySet<string> = new Set(
  Array.from({ length: 0x20 }, (_, index) => decodeWindows1252(Uint8Array.of(0x80 + index))).filter(
    (character) => decodeWindows1252(encodeWindows1252(character)) === character,
  ),
);

/** Whether Windows-1252 holds `character` (one code point), as an encode and decode with iconv-lite would tell. */
function encodable(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x80 || (code >= 0xa0 && code <= 0xff) || UPPER_HALF_EXTRAS.has(character);
}

/**
 * The characters of `text` Windows-1252 cannot hold, each once, in order of appearance. Decided per
 * code point without encoding (an export checks every name and text of hundreds of months; the
 * same answer as iconv-lite's round trip for every code point: windows-1252.test.ts).
 */
export function unencodableCharacters(text: string): string[] {
  const found: string[] = [];
  for (const character of text) {
    if (!encodable(character) && !found.includes(character)) found.push(character);
  }
  return found;
}
