// The overview's types for the page and its components (browser-safe: types only, no zod).
export type {
  AccountingHealth,
  ApproveResult,
  AssignableMember,
  AssignResult,
  BulkApproveInput,
  BulkAssignInput,
  CompanyRef,
  DeadlineKind,
  HealthAnswer,
  OverviewAnswer,
  OverviewRow,
  PayrollHealth,
} from "./schemas";
export type { OverviewFilter, OverviewSearchParams, RawSearchParams } from "./filters";
