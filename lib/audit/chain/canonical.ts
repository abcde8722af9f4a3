import { hash } from "node:crypto";

/**
 * The canonical content of an audit entry and its hash, defined once (docs/adr/0263-audit-hash-chain.md,
 * docs/audit-trail-verification.md). Anyone can recompute it from a dump of the database: RFC 8785
 * JSON (JCS) of the fields below, UTF-8, SHA-256, lowercase hex.
 */

/** The format this code writes; a new format starts a new segment anchored by a signed checkpoint. */
export const CHAIN_FORMAT = 1;

/** The predecessor of a workspace's first entry. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * Keys of `details` (at any depth) that may name a person: left out of the hash, so that erasure
 * (issue #38 §3) can take them out of the trail without breaking the chain. A person is covered by
 * reference instead: `actorId`, `employeeId`, `companyId` stay hashed.
 */
export const PERSONAL_DETAIL_KEYS: readonly string[] = ["name", "email", "username", "accountingName", "actorName"];
/** Keys personal only in one kind (`to` is an address there, a workspace's name elsewhere). */
export const PERSONAL_DETAIL_KEYS_OF_KIND: Readonly<Record<string, readonly string[]>> = {
  "invitation.emailed": ["to"],
};

/** An entry's stored columns as the database returns them (`occurredAt` the stored millisecond, ISO with Z). */
export interface ChainEntry {
  id: string;
  workspaceId: string;
  occurredAt: string;
  actorId: string | null;
  kind: string;
  companyId: number | null;
  period: string | null;
  subjectId: string | null;
  details: unknown;
}

/** RFC 8785: keys sorted by UTF-16 code units, ECMAScript number and string forms, no whitespace. */
export function canonicalJson(value: unknown): string {
  return writeJson(value, null);
}

/**
 * canonicalJson, leaving out the members named in `skip` at any depth. One pass that builds no
 * copy of the value: verifying 100,000 entries spends its time here (audit_verify_100000_ms).
 */
function writeJson(value: unknown, skip: ReadonlySet<string> | null): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new Error("canonicalJson: a number that JSON cannot hold");
      return JSON.stringify(value);
    case "string":
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) {
        let out = "[";
        for (let index = 0; index < value.length; index += 1) {
          if (index > 0) out += ",";
          out += writeJson(value[index] ?? null, skip);
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      // Default sort compares UTF-16 code units, as RFC 8785 § 3.2.3 asks.
      const keys = Object.keys(record).sort();
      let out = "{";
      for (const key of keys) {
        const inner = record[key];
        if (inner === undefined || skip?.has(key)) continue;
        if (out.length > 1) out += ",";
        out += `${quotedKey(key)}:${writeJson(inner, skip)}`;
      }
      return `${out}}`;
    }
    default:
      throw new Error(`canonicalJson: a ${typeof value} is not JSON`);
  }
}

const quotedKeys = new Map<string, string>();

/** A member's name as JSON: the same few names recur in every entry, quoted once. */
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

const personalKeysByKind = new Map<string, ReadonlySet<string>>();

/** The keys left out of a kind's hashed details (see PERSONAL_DETAIL_KEYS). */
function personalKeys(kind: string): ReadonlySet<string> {
  let keys = personalKeysByKind.get(kind);
  if (!keys) {
    keys = new Set([...PERSONAL_DETAIL_KEYS, ...(PERSONAL_DETAIL_KEYS_OF_KIND[kind] ?? [])]);
    personalKeysByKind.set(kind, keys);
  }
  return keys;
}

/** `details` without the keys that may name a person (see PERSONAL_DETAIL_KEYS). */
export function hashedDetails(kind: string, details: unknown): unknown {
  const personal = personalKeys(kind);
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !personal.has(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip(details);
}

/**
 * What is hashed: the entry's own columns except `actor_name` (a name, kept by reference through
 * `actorId`), its details without personal keys, the format and the predecessor's hash. Not the
 * position (`seq`): the link to the predecessor is what fixes the order, so a moved entry keeps a
 * valid hash of its own and is told apart from a changed one. Written in one pass with the personal
 * keys skipped at any depth, which is canonicalJson({ ..., details: hashedDetails(kind, details) }):
 * no member of the entry itself is a personal key (ENTRY_MEMBERS, checked in canonical.test.ts).
 */
export function canonicalEntry(entry: ChainEntry, prevHash: string, format = CHAIN_FORMAT): string {
  const members: Record<(typeof ENTRY_MEMBERS)[number], unknown> = {
    format,
    prevHash,
    id: entry.id,
    workspaceId: entry.workspaceId,
    occurredAt: entry.occurredAt,
    actorId: entry.actorId,
    kind: entry.kind,
    companyId: entry.companyId,
    period: entry.period,
    subjectId: entry.subjectId,
    details: entry.details,
  };
  return writeJson(members, personalKeys(entry.kind));
}

/** The members of an entry's hashed content. */
export const ENTRY_MEMBERS = [
  "format",
  "prevHash",
  "id",
  "workspaceId",
  "occurredAt",
  "actorId",
  "kind",
  "companyId",
  "period",
  "subjectId",
  "details",
] as const;

export function sha256Hex(text: string): string {
  // The one-shot form (a string is hashed as UTF-8): about twice as fast as createHash per entry.
  return hash("sha256", text, "hex");
}

/** A format's canonical text of an entry linked after `prevHash`. */
export type CanonicalForm = (entry: ChainEntry, prevHash: string) => string;

/**
 * Every format's definition, by number. None is ever removed or changed: a link is recomputed with
 * its own format's, so old segments verify as they were written (docs/adr/0295-audit-chain-segments.md).
 */
const FORMS = new Map<number, CanonicalForm>([[1, (entry, prevHash) => canonicalEntry(entry, prevHash, 1)]]);
let writing = CHAIN_FORMAT;

/** The format the chainer writes new links in. */
export function writingFormat(): number {
  return writing;
}

export function knowsFormat(format: number): boolean {
  return FORMS.has(format);
}

/** The entry's hash as its link stores it (its format's canonical text, SHA-256). */
export function entryHash(entry: ChainEntry, prevHash: string, format = CHAIN_FORMAT): string {
  const form = FORMS.get(format);
  if (!form) throw new Error(`entryHash: no chain format ${format}`);
  return sha256Hex(form(entry, prevHash));
}

/**
 * Tests only: the code moved on to a newer format `format`, defined by `form` (as a release that
 * changes the canonical form would add it to FORMS and raise CHAIN_FORMAT). Undone by the function
 * it answers.
 */
export function writeFormatForTesting(format: number, form: CanonicalForm): () => void {
  FORMS.set(format, form);
  writing = format;
  return () => {
    FORMS.delete(format);
    writing = CHAIN_FORMAT;
  };
}
