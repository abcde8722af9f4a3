import { feature as accountLinking } from "@/features/account-linking/feature";
import { feature as accounting } from "@/features/accounting/feature";
import { feature as auditTrail } from "@/features/audit-trail/feature";
import { feature as datev } from "@/features/datev/feature";
import { feature as recordExports } from "@/features/record-exports/feature";
import { feature as deadlines } from "@/features/deadlines/feature";
import { feature as mail } from "@/features/mail/feature";
import { feature as monthClose } from "@/features/month-close/feature";
import { feature as notifications } from "@/features/notifications/feature";
import { feature as overview } from "@/features/overview/feature";
import { feature as passkeys } from "@/features/passkeys/feature";
import { feature as payroll } from "@/features/payroll/feature";
import { feature as records } from "@/features/records/feature";
import { feature as reminders } from "@/features/reminders/feature";
import { feature as signIn } from "@/features/sign-in/feature";
import { feature as trialBalance } from "@/features/trial-balance/feature";
import { feature as webhooks } from "@/features/webhooks/feature";
import { feature as workspaces } from "@/features/workspaces/feature";
import type { FeatureManifest } from "@/lib/features-core/manifest";

/**
 * Every feature of the app, by its manifest (features/<name>/feature.ts): the one place a feature
 * is added. The composition root builds the rest from this list: the jobs' start and the test
 * controls' runnable jobs (./jobs.ts), the audit trail's presenters and the domain events'
 * consumers (./wire.ts). docs/adr/0241-feature-manifests.md.
 *
 * In the layers' order, bottom first (.dependency-cruiser.cjs): jobs start, and consumers see
 * an event, in this order (notifications before webhook deliveries, as before the manifests).
 * Light to import: the manifests load their server code when the process first uses it.
 */
export const FEATURES = [
  mail,
  notifications,
  webhooks,
  accounting,
  trialBalance,
  workspaces,
  records,
  payroll,
  deadlines,
  monthClose,
  datev,
  recordExports,
  overview,
  reminders,
  signIn,
  passkeys,
  accountLinking,
  auditTrail,
] as const satisfies readonly FeatureManifest[];
