/**
 * TanStack Query keys of the payroll feature, one per resource. Everything payroll starts with
 * `payrollKeys.all`, so a disconnect can invalidate it in one call. Browser-safe: no server imports.
 */
export const payrollKeys = {
  all: ["payroll"] as const,
  company: (companyId: number) => [...payrollKeys.all, "companies", companyId] as const,
  employees: (companyId: number) => [...payrollKeys.company(companyId), "employees"] as const,
  /** The employees' month-close check settings (seeded by the company page, updated by saves). */
  checkSettings: (companyId: number) => [...payrollKeys.company(companyId), "check-settings"] as const,
  draft: (companyId: number) => [...payrollKeys.company(companyId), "draft"] as const,
  imports: (companyId: number) => [...payrollKeys.company(companyId), "imports"] as const,
  import: (importId: string) => [...payrollKeys.all, "imports", importId] as const,
  referenceLists: () => [...payrollKeys.all, "reference-lists"] as const,
};
