import "server-only";
import { Unzip, UnzipInflate, zipSync } from "fflate";
import { FileImportRefusal } from "../limits";

/**
 * A zip's entries inflated with their bytes counted as they come: past `limitBytes` in all it stops
 * (`too_large`) without inflating the rest. The sizes a zip declares are not believed (a 300 KB file
 * can declare 1,000 bytes for an entry that inflates to 300 MiB). What exceljs then reads is a zip
 * rebuilt (stored, not compressed) from exactly the bytes counted here: a central directory that
 * names other data than the local headers cannot slip anything past the count.
 */

// Fed a slice at a time so that a refusal stops within one slice's inflation (deflate grows at most ~1,032×).
const SLICE_BYTES = 16 * 1024;

export function unpackBounded(bytes: Uint8Array, limitBytes: number): Uint8Array {
  const entries: Record<string, Uint8Array[]> = {};
  let total = 0;
  let tooLarge = false;
  let failed = false;
  const unzip = new Unzip((file) => {
    const parts: Uint8Array[] = (entries[file.name] ??= []);
    file.ondata = (error, chunk) => {
      if (tooLarge || failed) return;
      if (error) {
        failed = true;
        return;
      }
      total += chunk.length;
      if (total > limitBytes) {
        tooLarge = true;
        file.terminate();
        return;
      }
      parts.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !tooLarge && !failed; at += SLICE_BYTES) {
      unzip.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length);
    }
  } catch {
    // An unknown compression method, a broken deflate stream, a truncated file.
    failed = true;
  }
  if (tooLarge) throw new FileImportRefusal("too_large");
  if (failed || Object.keys(entries).length === 0) throw new FileImportRefusal("not_spreadsheet");
  const files: Record<string, Uint8Array> = {};
  for (const [name, parts] of Object.entries(entries)) files[name] = joined(parts);
  return zipSync(files, { level: 0 });
}

function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
