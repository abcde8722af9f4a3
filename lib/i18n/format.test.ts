import { describe, expect, it } from "vitest";
import { formatDateRange } from "./format";

describe("formatDateRange", () => {
  it("names a period with the year once when both dates share it", () => {
    expect(formatDateRange("en", "2026-11-01", "2026-11-30")).toBe("1 Nov – 30 Nov 2026");
    expect(formatDateRange("de", "2026-11-01", "2026-11-30")).toBe("1. Nov. – 30. Nov. 2026");
  });

  it("writes both years across a year's end", () => {
    expect(formatDateRange("en", "2025-10-01", "2026-03-31")).toBe("1 Oct 2025 – 31 Mar 2026");
    expect(formatDateRange("de", "2025-12-01", "2026-01-31")).toBe("1. Dez. 2025 – 31. Jan. 2026");
  });
});
