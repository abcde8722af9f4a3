import type { MonthActor } from "./server/audit";
import type { MonthKey } from "@/features/payroll/month-lock/states";

/** What a Transfer's pg-boss job carries: the month, the lease the request took, and who asked for it. */
export interface TransferJobData {
  key: MonthKey;
  /** The month's `transfer_lease_id` the request set: the job goes on only while the month still holds it. */
  leaseId: string;
  actor: MonthActor;
}
