import type { Company, Customer, Employee, FurtherPayment, HealthInsurance, HourlyCompensation } from "./model";

export interface CompanyState {
  company: Company;
  ownerApiKey: string;
  /** By employee id, in creation order. */
  employees: Map<number, Employee>;
  /** The current pay period's hours, as last transferred. */
  hours: HourlyCompensation[];
  /** The current pay period's further payments, as last transferred. */
  payments: FurtherPayment[];
  payRunInProgress: boolean;
}

export interface PayrollState {
  customers: Customer[];
  companies: Map<number, CompanyState>;
  insurers: HealthInsurance[];
  insurersByNumber: Map<string, HealthInsurance>;
}

export function customerByApiKey(state: PayrollState, apiKey: string): Customer | undefined {
  return state.customers.find((customer) => customer.apiKey === apiKey);
}

/** The customer's company, or undefined for another customer's or an unknown company alike. */
export function companyOfCustomer(
  state: PayrollState,
  customer: Customer,
  companyId: number,
): CompanyState | undefined {
  return customer.companyIds.includes(companyId) ? state.companies.get(companyId) : undefined;
}
