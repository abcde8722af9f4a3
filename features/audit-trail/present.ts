import type { AuditKind } from "@/lib/audit/kinds";
import {
  NO_NAMES,
  presentWith,
  type AuditEntryLike,
  type AuditNames,
  type KindPresenters,
  type PresentedEntry,
} from "@/lib/audit/present";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";

/**
 * The trail reads every kind with each feature's presenters, which the composition root joins from
 * the feature manifests (lib/composition/wire.ts) and hands in here: the trail, a feature itself,
 * imports no other feature for them (docs/adr/0241-feature-manifests.md). The table's type is
 * every kind: a kind without a presenter does not compile there. On globalThis: Next loads
 * instrumentation.ts, which wires the process, in a module graph of its own.
 */
const holder = globalThis as { __auditPresenters?: KindPresenters<AuditKind> };

/** Sets this process's presenters (wiring again replaces them). */
export function provideAuditPresenters(presenters: KindPresenters<AuditKind>): void {
  holder.__auditPresenters = presenters;
}

function presenters(): KindPresenters<AuditKind> {
  const provided = holder.__auditPresenters;
  if (!provided)
    throw new Error(
      "presentEntry: no audit presenters in this process; the composition root's wireFeatures() provides them",
    );
  return provided;
}

/** The entry's own words: who, what, when, and its old → new changes; `names` beside the numbers where known. */
export function presentEntry(
  locale: Locale,
  t: Translate,
  entry: AuditEntryLike,
  names: AuditNames = NO_NAMES,
): PresentedEntry {
  return presentWith(presenters(), locale, t, entry, names);
}
