import { hexString, type Prng } from "../core/prng";
import type { ApiCountry, LedgerAccount, LedgerAccountType } from "./model";

/** Indexes of the accounts every generated chart starts with (journal generation relies on them). */
export const CORE = {
  plant: 0,
  officeEquipment: 1,
  vehicles: 2,
  stock: 3,
  debtors: 4,
  bank: 5,
  deposit: 6,
  pettyCash: 7,
  creditors: 8,
  taxOnSales: 9,
  taxOnPurchases: 10,
  payrollLiabilities: 11,
  loans: 12,
  capital: 13,
  retainedEarnings: 14,
} as const;

function coreAccounts(country: ApiCountry): Array<[string, string, LedgerAccountType]> {
  const usStyle = country === "US" || country === "CA";
  return [
    ["0020", "Plant and Machinery", "fixed_asset"],
    ["0030", "Office Equipment", "fixed_asset"],
    ["0050", "Motor Vehicles", "fixed_asset"],
    ["1001", usStyle ? "Inventory" : "Stock", "current_asset"],
    ["1100", usStyle ? "Accounts Receivable" : "Trade Debtors", "current_asset"],
    ["1200", "Bank Current Account", "bank"],
    ["1210", "Bank Deposit Account", "bank"],
    ["1230", "Petty Cash", "bank"],
    ["2100", usStyle ? "Accounts Payable" : "Trade Creditors", "current_liability"],
    ["2200", usStyle ? "Sales Tax Payable" : "VAT on Sales", "current_liability"],
    ["2201", usStyle ? "Sales Tax Recoverable" : "VAT on Purchases", "current_liability"],
    ["2210", "Payroll Liabilities", "current_liability"],
    ["2300", "Loans", "current_liability"],
    ["3000", usStyle ? "Owner's Capital" : "Ordinary Shares", "equity"],
    ["3200", "Retained Earnings", "equity"],
  ];
}

const SALES = [
  "Sales – Kitchens",
  "Sales – Staircases",
  "Sales – Windows",
  "Sales – Doors",
  "Sales – Fitted Wardrobes",
  "Sales – Bespoke Furniture",
  "Sales – Repairs",
  "Sales – Installation Labour",
  "Sales – Design Fees",
  "Sales – Delivery Charges",
  "Sales – Workshop Courses",
  "Sales – Garden Structures",
  "Sales – Commercial Fit-out",
  "Sales – Flooring",
  "Sales – Maintenance Contracts",
  "Other Income",
];
const DIRECT = [
  "Materials – Oak",
  "Materials – Pine",
  "Materials – Plywood",
  "Materials – MDF",
  "Hardware and Fixings",
  "Finishes and Varnish",
  "Subcontractor Labour",
  "Carriage Inwards",
  "Equipment Hire",
  "Glazing",
  "Worktops",
  "Ironmongery",
  "Adhesives",
  "Abrasives",
  "Tooling",
];
const OVERHEADS = [
  "Rent",
  "Business Rates",
  "Electricity",
  "Gas",
  "Water",
  "Insurance",
  "Repairs and Renewals",
  "Cleaning",
  "Telephone",
  "Internet",
  "Postage",
  "Stationery",
  "Printing",
  "Advertising",
  "Website Hosting",
  "Software Subscriptions",
  "Accountancy Fees",
  "Legal Fees",
  "Bank Charges",
  "Motor Fuel",
  "Motor Repairs",
  "Travel",
  "Subsistence",
  "Staff Training",
  "Staff Welfare",
  "Subscriptions",
  "Sundry Expenses",
  "Depreciation",
  "Gross Wages",
  "Employer Payroll Taxes",
  "Pension Contributions",
];
const COST_CENTRES = [
  "Workshop",
  "Showroom",
  "Site Work",
  "Office",
  "North",
  "South",
  "East",
  "West",
  "Online",
  "Trade Counter",
];

function variantName(base: string, round: number): string {
  if (round === 0) return base;
  const centre = COST_CENTRES[(round - 1) % COST_CENTRES.length] ?? "Other";
  const cycle = Math.floor((round - 1) / COST_CENTRES.length);
  return cycle === 0 ? `${base} – ${centre}` : `${base} – ${centre} ${String(cycle + 1).padStart(3, "0")}`;
}

/**
 * A chart of accounts of `size` accounts: the core accounts, then sales, direct
 * costs and overheads (1 : 1 : 2) made unique with cost-centre suffixes.
 */
export function generateChart(random: Prng, size: number, country: ApiCountry): LedgerAccount[] {
  const accounts: LedgerAccount[] = coreAccounts(country).map(([nominal_code, name, type]) => ({
    id: hexString(random, 32),
    nominal_code,
    name,
    type,
  }));
  const remaining = Math.max(0, size - accounts.length);
  const salesCount = Math.floor(remaining / 4);
  const directCount = Math.floor(remaining / 4);
  const overheadCount = remaining - salesCount - directCount;
  const width = size > 900 ? 4 : 3;
  const groups: Array<[string, string[], LedgerAccountType, number]> = [
    ["4", SALES, "sales", salesCount],
    ["5", DIRECT, "direct_expense", directCount],
    ["6", OVERHEADS, "overhead", overheadCount],
  ];
  for (const [prefix, names, type, count] of groups) {
    for (let i = 0; i < count; i++) {
      const base = names[i % names.length] ?? "Account";
      accounts.push({
        id: hexString(random, 32),
        nominal_code: `${prefix}${String(i).padStart(width, "0")}`,
        name: variantName(base, Math.floor(i / names.length)),
        type,
      });
    }
  }
  return accounts;
}
