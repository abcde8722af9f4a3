import { describe, expect, expectTypeOf, it } from "vitest";
import {
  MONTH_STATES,
  NOT_SUBMITTED_STATES,
  awaitsApproval,
  awaitsClient,
  awaitsFirm,
  delivered,
  editsIn,
  monthTakesEdits,
  notSubmitted,
  takesAcknowledgements,
  underReview,
  type StatesWhere,
} from "./states";

const where = (predicate: (state: (typeof MONTH_STATES)[number]) => boolean) => MONTH_STATES.filter(predicate);

describe("the month states' table", () => {
  it("answers each question of the app from one row per state", () => {
    expect(where(awaitsClient)).toEqual(["open"]);
    expect(where(awaitsFirm)).toEqual(["handed_in"]);
    expect(where(awaitsApproval)).toEqual(["in_review"]);
    expect(where(underReview)).toEqual(["handed_in", "in_review"]);
    expect(where(notSubmitted)).toEqual(["open", "handed_in"]);
    expect(NOT_SUBMITTED_STATES).toEqual(["open", "handed_in"]);
    expect(where(takesAcknowledgements)).toEqual(["open", "handed_in", "in_review"]);
    expect(where(delivered)).toEqual(["transferred"]);
    expect(MONTH_STATES.map(editsIn)).toEqual(["all", "firm", "none", "none", "none", "none", "none"]);
  });

  it("lets the firm, not the client, change a handed-in month; nobody a later one", () => {
    expect(monthTakesEdits("open", ["client"])).toBe(true);
    expect(monthTakesEdits("handed_in", ["client"])).toBe(false);
    expect(monthTakesEdits("handed_in", ["client", "clerk"])).toBe(true);
    expect(monthTakesEdits("approved", ["owner"])).toBe(false);
  });

  it("derives the states of a trait as a type", () => {
    expectTypeOf<StatesWhere<"notSubmitted">>().toEqualTypeOf<"open" | "handed_in">();
    expectTypeOf<StatesWhere<"delivered">>().toEqualTypeOf<"transferred">();
  });
});
