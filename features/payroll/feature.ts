import type { FeatureManifest } from "@/lib/features-core/manifest";
import { PAYROLL_QUEUE_OPTIONS } from "./queues";
import { PAYROLL_AUDIT_KINDS } from "./audit-kinds";
import { PAYROLL_AUDIT_PRESENTERS } from "./audit-present";

/** Payroll in the process (docs/adr/0241-feature-manifests.md): its import and reference-list jobs, and its audit entries. */
export const feature = {
  name: "payroll",
  queues: PAYROLL_QUEUE_OPTIONS,
  jobs: {
    start: async () => (await import("./imports/server/jobs")).startPayrollJobs(),
  },
  auditKinds: PAYROLL_AUDIT_KINDS,
  auditPresenters: PAYROLL_AUDIT_PRESENTERS,
} satisfies FeatureManifest;
