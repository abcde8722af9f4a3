import type { AuditKind, AuditKindTable } from "@/lib/audit/kinds";
import type { KindPresenters } from "@/lib/audit/present";
import type { EventConsumer } from "@/lib/events/server/emit";
import type { QueueOptions } from "@/lib/jobs/queues";
import type { NotificationKindTable, WebhookEventTypeTable } from "./kinds";

/**
 * What a feature brings to the process, named in one place: each `features/<name>/feature.ts`
 * fills this shape, and the list of manifests (lib/composition/features.ts) is the one place a
 * feature is added. The composition root builds from that list the job start, the queues the
 * migration step makes, the test controls' runnable jobs, the audit trail's presenters and the
 * domain events' consumers, and .dependency-cruiser.cjs the features' layers
 * (docs/adr/0241-feature-manifests.md). No feature code here: only the shape, below every feature.
 *
 * A manifest is light: it names its server code through functions that import it when called
 * (`async () => (await import("./server/jobs")).startXJobs()`), so the whole list loads anywhere
 * (every vitest file's setup) for the price of the audit presenters and the queues, which are pure.
 * A manifest is pure itself (no `import "server-only"`): the migration step loads the list under
 * tsx, outside Next (scripts/db/job-queues.ts). Browser code still may not import it (ESLint's
 * server/client boundary), and the server code it names is server-only.
 */
export interface FeatureManifest {
  /** The feature's folder under features/ (a test holds the list and the folders in step). */
  readonly name: string;
  /**
   * The layer it shares with the features beside it in the list (.dependency-cruiser.cjs): only
   * for features that import each other's modules, which one layer each would refuse. Without it,
   * a layer of its own, in the list's order. "events" is the domain events' layer (lib/events,
   * this shape).
   */
  readonly layerGroup?: string;
  /** Its pg-boss queues with their options, by name (./queues.ts, lib/jobs/queues.ts `QueueOptionsOf`): the migration step makes them. */
  readonly queues?: Readonly<Record<string, QueueOptions>>;
  readonly jobs?: {
    /** Starts its pg-boss workers and schedules in this process (unless JOBS_ENABLED=false); a failure is logged, not thrown. */
    readonly start: () => Promise<void>;
    /**
     * Each scheduled job's work by its queue's name, for the tests that run a job at once
     * (`POST /api/test/jobs/<name>`, lib/composition/test-controls.ts): the same work pg-boss runs.
     * A name no listed feature declares in its `queues` does not compile (`runnableOf`).
     */
    readonly runnable?: Readonly<Record<string, () => Promise<unknown>>>;
    /**
     * Checks of its jobs' work that `GET /api/ready` runs where jobs run (a backlog under its
     * threshold), by the name the answer gives them: each "ok" or the reason (lib/health).
     */
    readonly readiness?: Readonly<Record<string, () => Promise<string>>>;
    /**
     * Its backlogs as metrics where jobs run (`ledgerlane_backlog_due{backlog}` and the oldest due
     * row's age, lib/metrics): the rows due now and how long the oldest has been due.
     */
    readonly backlogs?: Readonly<Record<string, () => Promise<{ due: number; oldestDueSeconds: number }>>>;
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

/** The queues a manifest declares: its `queues`' names. */
type QueuesOf<Manifest> = Manifest extends { queues: infer Queues } ? keyof Queues & string : never;

/** The queues a manifest runs jobs of by name: its `jobs.runnable`'s keys. */
type RunnableOf<Manifest> = Manifest extends { jobs: { runnable: infer Runnable } } ? keyof Runnable & string : never;

/** Every queue of the listed features with its options, in one table typed by their names. */
export function queuesOf<const Features extends readonly FeatureManifest[]>(
  features: Features,
): Record<QueuesOf<Features[number]>, QueueOptions> {
  return Object.assign({}, ...features.map((feature) => feature.queues ?? {})) as Record<
    QueuesOf<Features[number]>,
    QueueOptions
  >;
}

/**
 * Every runnable job of the listed features by its queue's name. A name that none of them declares
 * as a queue (a typo) does not compile: the argument then lacks `undeclaredQueue`, typed by it.
 */
export function runnableOf<const Features extends readonly FeatureManifest[]>(
  features: Features &
    ([Exclude<RunnableOf<Features[number]>, QueuesOf<Features[number]>>] extends [never]
      ? unknown
      : { undeclaredQueue: Exclude<RunnableOf<Features[number]>, QueuesOf<Features[number]>> }),
): Partial<Record<QueuesOf<Features[number]>, () => Promise<unknown>>> {
  return Object.assign({}, ...features.map((feature) => feature.jobs?.runnable ?? {})) as Partial<
    Record<QueuesOf<Features[number]>, () => Promise<unknown>>
  >;
}
