import { z } from "zod";

/** An owner's erasure request for an employee of one of the workspace's payroll companies (form and route). */
export const erasureRequestSchema = z.object({
  companyId: z.int().positive(),
  employeeId: z.int().positive(),
});
export type ErasureRequestInput = z.infer<typeof erasureRequestSchema>;

export const ERASURE_STATES = ["restricted", "erased"] as const;
export type ErasureState = (typeof ERASURE_STATES)[number];

/** An erasure request as the pages show it (no personal field: the employee by id). */
export const erasureRequestViewSchema = z.object({
  id: z.string(),
  companyId: z.int(),
  employeeId: z.int(),
  state: z.enum(ERASURE_STATES),
  /** `YYYY-MM-DD`, the Berlin day it was recorded. */
  requestedOn: z.string(),
  requestedBy: z.string().nullable(),
  /** `YYYY-MM-DD`; null: no end of the retention known yet (e.g. the company's last social insurance audit is missing). */
  eraseAfter: z.string().nullable(),
  erasedOn: z.string().nullable(),
});
export type ErasureRequestView = z.infer<typeof erasureRequestViewSchema>;
