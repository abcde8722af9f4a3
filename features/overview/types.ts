// The overview's types for the page and its components (browser-safe: types only, no zod). The
// page's components (features/overview/components) import them from here: `@public` marks that they are
// the feature's interface to its page, whichever of them the server's own code uses.
import type * as schemas from "./schemas";
import type * as filters from "./filters";

/** @public */
export type OverviewAnswer = schemas.OverviewAnswer;
/** @public */
export type OverviewRow = schemas.OverviewRow;
/** @public */
export type AssignableMember = schemas.AssignableMember;
/** @public */
export type DeadlineKind = schemas.DeadlineKind;
/** @public */
export type HealthAnswer = schemas.HealthAnswer;
/** @public */
export type PayrollHealth = schemas.PayrollHealth;
/** @public */
export type AccountingHealth = schemas.AccountingHealth;
/** @public */
export type CompanyRef = schemas.CompanyRef;
/** @public */
export type BulkAssignInput = schemas.BulkAssignInput;
/** @public */
export type BulkApproveInput = schemas.BulkApproveInput;
/** @public */
export type AssignResult = schemas.AssignResult;
/** @public */
export type ApproveResult = schemas.ApproveResult;
/** @public */
export type OverviewFilter = filters.OverviewFilter;
/** @public */
export type OverviewSearchParams = filters.OverviewSearchParams;
/** @public */
export type RawSearchParams = filters.RawSearchParams;
