import { monthOf } from "../dates";
import type { Issue } from "../envelope";
import {
  FURTHER_PAYMENT_TYPES,
  HOURLY_COMPENSATION_TYPES,
  type FurtherPayment,
  type HourlyCompensation,
} from "../model";
import type { Validated, ValidationContext } from "./context";
import { FieldReader, isPlainObject } from "./fields";

const HOURLY_COMPENSATION_FIELDS = [
  "company_id",
  "employee_id",
  "type",
  "total_amount",
  "total_hours",
  "surcharge",
  "date",
  "cost_center_id",
  "cost_object_id",
] as const;

const FURTHER_PAYMENT_FIELDS = ["company_id", "employee_id", "type", "count", "amount"] as const;

/** company_id and employee_id, checked against the company of the path. */
function readOwnership(reader: FieldReader, context: ValidationContext): { company_id?: number; employee_id?: number } {
  const company_id = reader.positiveInteger("company_id", { required: true });
  if (company_id !== undefined && company_id !== context.company.id) {
    reader.add("company_id", "MISMATCH", `company_id must be ${context.company.id}, the company of the path`);
  }
  const employee_id = reader.positiveInteger("employee_id", { required: true });
  if (employee_id !== undefined && !context.employeeIds.has(employee_id)) {
    reader.add(
      "employee_id",
      "UNKNOWN_REFERENCE",
      `employee ${employee_id} does not belong to company ${context.company.id}`,
    );
  }
  return { company_id, employee_id };
}

function readHourlyCompensation(
  element: Record<string, unknown>,
  issues: Issue[],
  index: number,
  context: ValidationContext,
): HourlyCompensation | undefined {
  const before = issues.length;
  const reader = new FieldReader(element, issues, index);
  reader.rejectUnknownFields(HOURLY_COMPENSATION_FIELDS);
  const { company_id, employee_id } = readOwnership(reader, context);
  const type = reader.enumeration("type", HOURLY_COMPENSATION_TYPES, { required: true });
  const total_amount = reader.number("total_amount", { required: false, nonNegative: true });
  const total_hours = reader.number("total_hours", { required: false, nonNegative: true });
  const surcharge = reader.number("surcharge", { required: false, nonNegative: true });
  const date = reader.date("date", { required: false });
  if (date !== undefined && monthOf(date) !== context.company.current_month) {
    reader.add("date", "OUT_OF_RANGE", `date must lie in the current pay period ${context.company.current_month}`);
  }
  const cost_center_id = reader.string("cost_center_id", { required: false });
  const cost_object_id = reader.string("cost_object_id", { required: false });
  if (issues.length > before || company_id === undefined || employee_id === undefined || type === undefined) {
    return undefined;
  }
  return {
    company_id,
    employee_id,
    type,
    ...(total_amount === undefined ? {} : { total_amount }),
    ...(total_hours === undefined ? {} : { total_hours }),
    ...(surcharge === undefined ? {} : { surcharge }),
    ...(date === undefined ? {} : { date }),
    ...(cost_center_id === undefined ? {} : { cost_center_id }),
    ...(cost_object_id === undefined ? {} : { cost_object_id }),
  };
}

function readFurtherPayment(
  element: Record<string, unknown>,
  issues: Issue[],
  index: number | undefined,
  context: ValidationContext,
): FurtherPayment | undefined {
  const before = issues.length;
  const reader = new FieldReader(element, issues, index);
  reader.rejectUnknownFields(FURTHER_PAYMENT_FIELDS);
  const { company_id, employee_id } = readOwnership(reader, context);
  const type = reader.enumeration("type", FURTHER_PAYMENT_TYPES, { required: true });
  const count = reader.number("count", { required: false, nonNegative: true }) ?? 1.0;
  // Negative amounts are deductions, which the service also takes.
  const amount = reader.number("amount", { required: true });
  if (
    issues.length > before ||
    company_id === undefined ||
    employee_id === undefined ||
    type === undefined ||
    amount === undefined
  ) {
    return undefined;
  }
  return { company_id, employee_id, type, count, amount };
}

function readArray<T>(
  elements: readonly unknown[],
  readElement: (element: Record<string, unknown>, issues: Issue[], index: number) => T | undefined,
): Validated<T[]> {
  const issues: Issue[] = [];
  const values: T[] = [];
  elements.forEach((element, index) => {
    if (!isPlainObject(element)) {
      issues.push({ index, code: "INVALID_TYPE", message: "each element must be an object" });
      return;
    }
    const value = readElement(element, issues, index);
    if (value !== undefined) values.push(value);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: values };
}

/** Validates an hours transfer: a JSON array of HourlyCompensation objects. */
export function validateHourlyCompensations(
  body: unknown,
  context: ValidationContext,
): Validated<HourlyCompensation[]> {
  if (!Array.isArray(body)) {
    return {
      ok: false,
      issues: [{ code: "INVALID_TYPE", message: "the body must be a JSON array of HourlyCompensation objects" }],
    };
  }
  return readArray(body, (element, issues, index) => readHourlyCompensation(element, issues, index, context));
}

/** Validates a further-payments transfer: a JSON array of FurtherPayment objects, or one such object. */
export function validateFurtherPayments(body: unknown, context: ValidationContext): Validated<FurtherPayment[]> {
  if (isPlainObject(body)) {
    const issues: Issue[] = [];
    const payment = readFurtherPayment(body, issues, undefined, context);
    return payment === undefined ? { ok: false, issues } : { ok: true, value: [payment] };
  }
  if (!Array.isArray(body)) {
    return {
      ok: false,
      issues: [{ code: "INVALID_TYPE", message: "the body must be a JSON array of FurtherPayment objects" }],
    };
  }
  return readArray(body, (element, issues, index) => readFurtherPayment(element, issues, index, context));
}
