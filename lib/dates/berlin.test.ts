import { describe, expect, it } from "vitest";
import { berlinDayEnd, berlinDayStart, berlinToday } from "./berlin";

describe("Europe/Berlin", () => {
  it("is already tomorrow in Berlin late in the UTC evening", () => {
    expect(berlinToday(new Date("2026-11-30T22:30:00Z"))).toBe("2026-11-30");
    expect(berlinToday(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12-01");
    expect(berlinToday(new Date("2026-07-31T21:59:00Z"))).toBe("2026-07-31");
    expect(berlinToday(new Date("2026-07-31T22:00:00Z"))).toBe("2026-08-01");
  });

  it("begins and ends a day at Berlin midnight, summer time and its changes included", () => {
    expect(berlinDayStart("2026-11-24").toISOString()).toBe("2026-11-23T23:00:00.000Z");
    expect(berlinDayStart("2026-07-01").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(berlinDayEnd("2026-03-29").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(berlinDayEnd("2026-10-25").getTime() - berlinDayStart("2026-10-25").getTime()).toBe(25 * 3_600_000);
  });
});
