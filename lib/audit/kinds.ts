/**
 * The closed set of things the audit trail records, and what each entry's `details` hold. Read by
 * the server (recording, the page, the CSV) and named in the page's filter.
 *
 * Each kind is declared by the feature that records it, in its own folder
 * (`features/<f>/audit-kinds.ts`: its `details` with their documentation, its place in the
 * filter), named by its manifest, and widens this interface by declaration merging; the
 * composition root hands the joined table to this process at start (lib/composition/wire.ts,
 * docs/adr/0241-feature-manifests.md). The core imports no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the recording features' declaration merging
export interface AuditKindDetails {}

export type AuditKind = keyof AuditKindDetails & string;

/** A kind as its feature declares it: its place in the page's filter (ascending, as before the kinds moved, #36). */
export interface AuditKindDeclaration<Details = unknown> {
  readonly order: number;
  /** Types only: what its `details` hold (never set). */
  readonly details?: Details;
}

/** A feature's audit kinds by name (`features/<f>/audit-kinds.ts`). */
export type AuditKindTable = Readonly<Record<string, AuditKindDeclaration>>;

/** One kind's declaration: its `details` as a type, its place in the filter. */
export function auditKind<Details extends object>(order: number): AuditKindDeclaration<Details> {
  return { order };
}

/** What a feature's table declares, as members of `AuditKindDetails` (`interface AuditKindDetails extends DetailsOf<…> {}`). */
export type DetailsOf<Table extends AuditKindTable> = {
  -readonly [Kind in keyof Table]: Table[Kind] extends AuditKindDeclaration<infer Details> ? Details : never;
};

/** On globalThis, like the event consumers (lib/events/server/emit.ts): Next wires instrumentation.ts in a module graph of its own. */
const holder = globalThis as { __auditKinds?: readonly AuditKind[] };

/** Sets this process's kinds: the composition root's `wireFeatures()`, from every manifest's `auditKinds`. */
export function provideAuditKinds(table: Readonly<Record<AuditKind, AuditKindDeclaration>>): void {
  holder.__auditKinds = (Object.keys(table) as AuditKind[]).sort((a, b) => table[a].order - table[b].order);
}

/** Every kind, in the filter's order. Read before wiring, it throws: no kind is refused silently. */
export function auditKinds(): readonly AuditKind[] {
  const kinds = holder.__auditKinds;
  if (!kinds)
    throw new Error("auditKinds: no audit kinds in this process; the composition root's wireFeatures() provides them");
  return kinds;
}

/** `"month_close.step"` → `"month_close_step"`: a kind as its key under `audit.kinds`. */
type KindKey<K extends string> = K extends `${infer Area}.${infer Name}` ? `${Area}_${Name}` : K;

/** A kind's message key under `audit.kinds` (next-intl reads dots as nesting); typed, so a kind without a text fails `tsc`. */
export function kindKey<K extends AuditKind>(kind: K): KindKey<K> {
  return kind.replace(".", "_") as KindKey<K>;
}
