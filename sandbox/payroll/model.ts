/** The payroll service's resources as the sandbox stores them (field names as on the wire). */

export interface Address {
  street_address: string;
  postal_code: string;
  location: string;
}

export interface Company {
  id: number;
  name1: string;
  name2: string;
  address: Address;
  /** Current payroll calculation month, "YYYY-MM". */
  current_month: string;
}

export interface Employee {
  company_id: number;
  id: number;
  first_name: string;
  last_name: string;
  address: Address;
  sex: -1 | 0;
  entry: string;
  email?: string;
  health_insurance: string;
  insurance_number: string;
  birth_name?: string;
  birth_place?: string;
  birth_date?: string;
  country?: number;
}

export const HOURLY_COMPENSATION_TYPES = [
  "HOURLY_WAGE",
  "HOLIDAY_SURCHARGE_125",
  "HOLIDAY_SURCHARGE_150",
  "NIGHT_SUPPLEMENT_25",
  "NIGHT_SUPPLEMENT_40",
  "SUNDAY_PREMIUM",
  "ADDITIONAL_OVERTIME",
  "NIGHT_SUPPLEMENT",
  "HOLIDAY_SURCHARGE",
] as const;
export type HourlyCompensationType = (typeof HOURLY_COMPENSATION_TYPES)[number];

export interface HourlyCompensation {
  company_id: number;
  employee_id: number;
  type: HourlyCompensationType;
  total_amount?: number;
  total_hours?: number;
  surcharge?: number;
  date?: string;
  cost_center_id?: string;
  cost_object_id?: string;
}

export const FURTHER_PAYMENT_TYPES = ["TRAVEL_COSTS", "FOOD_ALLOWANCE", "BONUS_PAYMENT"] as const;
export type FurtherPaymentType = (typeof FURTHER_PAYMENT_TYPES)[number];

export interface FurtherPayment {
  company_id: number;
  employee_id: number;
  type: FurtherPaymentType;
  count: number;
  amount: number;
}

export interface HealthInsurance {
  /** 8-digit company registration number (Betriebsnummer). */
  companyNumber: string;
  companyName: string;
  /** First day of operation, "YYYY-MM-DD"; only set when later than 2015-01-01. */
  availableFrom?: string;
  /** Last day of operation, "YYYY-MM-DD". */
  availableTo?: string;
  /** Company number of the legal successor. */
  replacement?: string;
}

export interface Country {
  id: number;
  name: string;
  nationality: string;
}

export interface Customer {
  apiKey: string;
  username: string;
  companyIds: number[];
}

/** The seeded payroll data as the control API's GET /fixtures shows it (CONTRACT.md). */
export interface PayrollFixtures {
  customers: {
    api_key: string;
    username: string;
    companies: { id: number; name1: string; current_month: string; employee_ids: number[] }[];
  }[];
}
