import "server-only";
import { provideAuditPresenters } from "@/features/audit-trail/present";
import type { AuditKind } from "@/lib/audit/kinds";
import type { KindPresenters } from "@/lib/audit/present";
import { provideEventConsumers } from "@/lib/events/server/emit";
import { presentersOf } from "@/lib/features-core/manifest";
import { FEATURES } from "./features";

/**
 * What the features hand to the layers below them, built from the manifests' list: the domain
 * events' consumers (the event core imports none) and the audit trail's presenters (the trail
 * imports no other feature). docs/adr/0241-feature-manifests.md.
 */

/** Typed by every kind: a kind that no manifest presents does not compile here. */
const AUDIT_PRESENTERS: KindPresenters<AuditKind> = presentersOf(FEATURES);

const EVENT_CONSUMERS = FEATURES.flatMap((feature) => ("eventConsumers" in feature ? feature.eventConsumers : []));

/**
 * Wires this process: instrumentation.ts before it serves or starts jobs, ./jobs.ts for a process
 * that only runs jobs (the worker fixtures), and every vitest file (scripts/test/wire-features.ts).
 * Idempotent. Without it, emitting an event or presenting an audit entry throws: nothing is lost silently.
 */
export function wireFeatures(): void {
  provideEventConsumers(EVENT_CONSUMERS);
  provideAuditPresenters(AUDIT_PRESENTERS);
}
