import type { AuditKind, AuditKindTable } from "@/lib/audit/kinds";
import type { KindPresenters } from "@/lib/audit/present";
import type { EventConsumer } from "@/lib/events/server/emit";
import type { QueueName } from "@/lib/jobs/queues";
import type { NotificationKindTable, WebhookEventTypeTable } from "./kinds";

/**
 * What a feature brings to the process, named in one place: each `features/<name>/feature.ts`
 * fills this shape, and the list of manifests (lib/composition/features.ts) is the one place a
 * feature is added. The composition root builds from that list the job start, the test controls'
 * runnable jobs, the audit trail's presenters and the domain events' consumers
 * (docs/adr/0241-feature-manifests.md). No feature code here: only the shape, below every feature.
 *
 * A manifest is light: it names its server code through functions that import it when called
 * (`async () => (await import("./server/jobs")).startXJobs()`), so the whole list loads anywhere
 * (every vitest file's setup) for the price of the audit presenters, which are pure.
 */
export interface FeatureManifest {
  /** The feature's folder under features/ (a test holds the list and the folders in step). */
  readonly name: string;
  readonly jobs?: {
    /** Starts its pg-boss workers and schedules in this process (unless JOBS_ENABLED=false); a failure is logged, not thrown. */
    readonly start: () => Promise<void>;
    /**
     * Each scheduled job's work by its queue's name, for the tests that run a job at once
     * (`POST /api/test/jobs/<name>`, lib/composition/test-controls.ts): the same work pg-boss runs.
     */
    readonly runnable?: Partial<Record<QueueName, () => Promise<unknown>>>;
  };
  /** The audit kinds it records, declared in its folder (`audit-kinds.ts`: their details, their place in the filter). */
  readonly auditKinds?: AuditKindTable;
  /** How the audit trail reads the kinds it records (a `KindPresenter` per kind, beside its writer). */
  readonly auditPresenters?: Partial<KindPresenters<AuditKind>>;
  /** Its consumers of the domain events: each only inserts rows in the emitting transaction (lib/events/server/emit.ts). */
  readonly eventConsumers?: readonly EventConsumer[];
  /** The notification kinds it causes, declared in its folder (`notification-kinds.ts`; notifications reads the whole set). */
  readonly notificationKinds?: NotificationKindTable;
  /** Its domain events that webhooks may subscribe to, declared in its folder (`webhook-event-types.ts`). */
  readonly webhookEventTypes?: WebhookEventTypeTable;
}

/** The audit kinds a manifest presents: its presenters' keys (distributes over a union of manifests). */
type KindsOf<Manifest> = Manifest extends { auditPresenters: infer Presenters } ? keyof Presenters & AuditKind : never;

/**
 * Every presenter of the listed features, in one table typed by the kinds they present: assigned
 * to `KindPresenters<AuditKind>`, a kind that no feature presents does not compile.
 */
export function presentersOf<const Features extends readonly FeatureManifest[]>(
  features: Features,
): KindPresenters<KindsOf<Features[number]>> {
  return Object.assign({}, ...features.map((feature) => feature.auditPresenters ?? {})) as KindPresenters<
    KindsOf<Features[number]>
  >;
}
