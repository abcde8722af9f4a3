import { isRealDate } from "../dates";
import type { Issue, IssueCode } from "../envelope";

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface Presence {
  required: boolean;
}

/**
 * Reads typed fields from one JSON object and records an issue for every problem,
 * so that a request can be answered with all of its issues at once.
 * A field that is null counts as absent.
 */
export class FieldReader {
  constructor(
    private readonly source: Record<string, unknown>,
    private readonly issues: Issue[],
    private readonly index?: number,
    private readonly prefix = "",
  ) {}

  add(field: string | undefined, code: IssueCode, message: string): void {
    const path =
      field === undefined ? (this.prefix === "" ? undefined : this.prefix.slice(0, -1)) : this.prefix + field;
    this.issues.push({
      ...(this.index === undefined ? {} : { index: this.index }),
      ...(path === undefined ? {} : { field: path }),
      code,
      message,
    });
  }

  rejectUnknownFields(allowed: readonly string[]): void {
    for (const name of Object.keys(this.source)) {
      if (!allowed.includes(name)) this.add(name, "UNKNOWN_FIELD", `${name} is not a field of this object`);
    }
  }

  private present(name: string, presence: Presence): unknown {
    const value = this.source[name];
    if (value === undefined || value === null) {
      if (presence.required) this.add(name, "REQUIRED", `${name} is required`);
      return undefined;
    }
    return value;
  }

  integer(name: string, presence: Presence): number | undefined {
    const value = this.present(name, presence);
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isSafeInteger(value)) {
      this.add(name, "INVALID_TYPE", `${name} must be an integer`);
      return undefined;
    }
    return value;
  }

  positiveInteger(name: string, presence: Presence): number | undefined {
    const value = this.integer(name, presence);
    if (value !== undefined && value <= 0) {
      this.add(name, "OUT_OF_RANGE", `${name} must be a positive integer`);
      return undefined;
    }
    return value;
  }

  number(name: string, presence: Presence & { nonNegative?: boolean }): number | undefined {
    const value = this.present(name, presence);
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.add(name, "INVALID_TYPE", `${name} must be a number`);
      return undefined;
    }
    if (presence.nonNegative === true && value < 0) {
      this.add(name, "OUT_OF_RANGE", `${name} must not be negative`);
      return undefined;
    }
    return value;
  }

  string(name: string, presence: Presence & { nonEmpty?: boolean }): string | undefined {
    const value = this.present(name, presence);
    if (value === undefined) return undefined;
    if (typeof value !== "string") {
      this.add(name, "INVALID_TYPE", `${name} must be a string`);
      return undefined;
    }
    if (presence.nonEmpty === true && value.trim() === "") {
      this.add(name, "REQUIRED", `${name} must not be empty`);
      return undefined;
    }
    return value;
  }

  date(name: string, presence: Presence): string | undefined {
    const value = this.string(name, presence);
    if (value === undefined) return undefined;
    if (!isRealDate(value)) {
      this.add(name, "INVALID_FORMAT", `${name} must be a real calendar date written YYYY-MM-DD`);
      return undefined;
    }
    return value;
  }

  enumeration<T extends string>(name: string, values: readonly T[], presence: Presence): T | undefined {
    const value = this.string(name, presence);
    if (value === undefined) return undefined;
    const match = values.find((candidate) => candidate === value);
    if (match === undefined) this.add(name, "INVALID_VALUE", `${name} must be one of ${values.join(", ")}`);
    return match;
  }

  /** A reader for a nested object field, whose issues carry "name." in front of the field. */
  nested(name: string, presence: Presence): FieldReader | undefined {
    const value = this.present(name, presence);
    if (value === undefined) return undefined;
    if (!isPlainObject(value)) {
      this.add(name, "INVALID_TYPE", `${name} must be an object`);
      return undefined;
    }
    return new FieldReader(value, this.issues, this.index, `${this.prefix}${name}.`);
  }
}
