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

/** The characters of `text` Windows-1252 cannot hold, each once, in order of appearance. */
export function unencodableCharacters(text: string): string[] {
  const found: string[] = [];
  for (const character of text) {
    if (decodeWindows1252(encodeWindows1252(character)) !== character && !found.includes(character))
      found.push(character);
  }
  return found;
}
