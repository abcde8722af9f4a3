import { hash } from "node:crypto";

/** With the `u` flag a pair is one code point: only an unpaired half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * The one canonical form of a sealed snapshot: RFC 8785 (JSON Canonicalization Scheme). Object
 * members sorted by their names' UTF-16 code units, no whitespace, strings and numbers serialized as
 * ECMAScript's JSON.stringify does (which is what RFC 8785 prescribes). Members whose value is
 * `undefined` are left out, as JSON leaves them out; what JSON cannot say (a non-finite number, a
 * lone surrogate, a bigint, a function) is refused rather than guessed.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`Not canonical JSON: the number ${value}.`);
      return JSON.stringify(value);
    case "string":
      // Unpaired surrogates are not Unicode text: RFC 8785 §3.2.2.2 makes them an error.
      if (LONE_SURROGATE.test(value)) throw new TypeError("Not canonical JSON: a string with a lone surrogate.");
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
      if (value instanceof Date) return JSON.stringify(value.toISOString());
      const record = value as Record<string, unknown>;
      const members = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        // The default sort compares UTF-16 code units: exactly RFC 8785 §3.2.3.
        .sort()
        .map((key) => `${canonicalJson(key)}:${canonicalJson(record[key])}`);
      return `{${members.join(",")}}`;
    }
    default:
      throw new TypeError(`Not canonical JSON: a ${typeof value}.`);
  }
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `value`'s canonical form. */
export function canonicalHash(value: unknown): string {
  // The one-shot form hashes a string as UTF-8.
  return hash("sha256", canonicalJson(value), "hex");
}
