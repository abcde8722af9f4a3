import type { FeatureManifest } from "@/lib/features-core/manifest";
import { RECORD_EXPORTS_AUDIT_KINDS } from "./audit-kinds";
import { recordExportsAuditPresenters } from "./audit-present";

/**
 * The exports the law asks for (issue #38 §5; docs/adr/0285-tax-audit-export.md,
 * 0286-personal-data-export.md): the data for a tax audit, an employee's personal data and the
 * procedure documentation. Above the month close and DATEV in the list: it reads the sealed
 * months, the transfers, the trail and the access log (features/records). Nothing to start.
 */
export const feature = {
  name: "record-exports",
  auditKinds: RECORD_EXPORTS_AUDIT_KINDS,
  auditPresenters: recordExportsAuditPresenters,
} satisfies FeatureManifest;
