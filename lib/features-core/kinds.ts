import type { DomainEvent } from "@/lib/events/events";

/**
 * Kinds that a feature declares in its own folder and names in its manifest, while a feature below
 * it (notifications, webhooks) reads the whole set: the notification kinds and the webhook event
 * types (docs/adr/0241-feature-manifests.md). Each is a table by kind, beside the feature that
 * causes it; the composition root joins the manifests' tables and hands them down at start
 * (lib/composition/wire.ts), as it does with the event consumers. Pure: shapes and a registry only.
 *
 * The type-level union is the owning features' declaration merging: each widens an interface of the
 * reading feature by its table (`declare module "@/features/notifications/kinds" { interface
 * NotificationKinds extends Table {} }`); lib/composition/features.test.ts holds the joined tables
 * and the types equal.
 */

/** A kind's place in the lists people see (the settings page, the webhook form): ascending, as before the kinds moved (#36). */
interface Ordered {
  readonly order: number;
}

/** What someone who chose nothing gets of a notification kind, in the app and by e-mail. */
export interface KindChoice {
  inApp: boolean;
  byEmail: boolean;
}

export interface NotificationKindDeclaration extends Ordered {
  readonly defaults: Readonly<KindChoice>;
}

/** A feature's notification kinds by name (`features/<f>/notification-kinds.ts`). */
export type NotificationKindTable = Readonly<Record<string, NotificationKindDeclaration>>;

/** A feature's domain events that webhooks may subscribe to (`features/<f>/webhook-event-types.ts`): a published contract. */
export type WebhookEventTypeTable = { readonly [Type in DomainEvent["type"]]?: Ordered };

/** The keys of the tables the manifests name under `key`, and their declarations (distribute over a union of manifests). */
type KeysOf<Manifest, Key extends string> = Manifest extends { readonly [K in Key]: infer Table } ? keyof Table : never;
type ValuesOf<Manifest, Key extends string> = Manifest extends { readonly [K in Key]: infer Table }
  ? Table[keyof Table]
  : never;

/**
 * The manifests' tables under `key` in one, typed by every key they declare: assigned to a table of
 * the reading feature's kinds, a kind that no manifest declares does not compile. A kind declared
 * twice throws: two features would claim one name.
 */
export function joinTables<const Features extends readonly object[], Key extends string>(
  features: Features,
  key: Key,
): Record<KeysOf<Features[number], Key> & string, ValuesOf<Features[number], Key>> {
  const joined: Record<string, unknown> = {};
  for (const feature of features) {
    const table = (feature as Partial<Record<Key, Record<string, unknown>>>)[key] ?? {};
    for (const [kind, declaration] of Object.entries(table)) {
      if (kind in joined) throw new Error(`${key}: ${kind} is declared by two features`);
      joined[kind] = declaration;
    }
  }
  return joined as Record<KeysOf<Features[number], Key> & string, ValuesOf<Features[number], Key>>;
}

/** The set of one sort of kind in this process: provided by the composition root, read by the feature that owns the sort. */
interface KindRegistry<Kind extends string, Declaration extends Ordered> {
  /** Sets this process's kinds (wiring again replaces them). */
  provide(table: Readonly<Record<Kind, Declaration>>): void;
  /** Every kind, in its `order`. */
  list(): readonly Kind[];
  declaration(kind: Kind): Declaration;
  has(value: string): value is Kind;
}

/**
 * A registry on globalThis, like the event consumers' (lib/events/server/emit.ts): Next loads
 * instrumentation.ts, which wires the process, in a module graph of its own beside the routes'.
 * Read before wiring, it throws: no kind is refused or left out silently.
 */
export function kindRegistry<Kind extends string, Declaration extends Ordered>(
  name: string,
): KindRegistry<Kind, Declaration> {
  const holder = globalThis as unknown as Record<
    string,
    { table: Readonly<Record<Kind, Declaration>>; list: Kind[] } | undefined
  >;
  const slot = `__kinds_${name}`;
  const wired = () => {
    const kinds = holder[slot];
    if (!kinds)
      throw new Error(`${name}: no kinds in this process; the composition root's wireFeatures() provides them`);
    return kinds;
  };
  return {
    provide(table) {
      const list = (Object.keys(table) as Kind[]).sort((a, b) => table[a].order - table[b].order);
      holder[slot] = { table, list };
    },
    list: () => wired().list,
    declaration: (kind) => wired().table[kind],
    has: (value): value is Kind => Object.hasOwn(wired().table, value),
  };
}
