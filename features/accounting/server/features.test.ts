import { describe, expect, it } from "vitest";
import type { AccountingClient } from "./accounting-service";
import { featureAvailability } from "./features";

const answering = (status: number, text = "") =>
  ({ send: async () => ({ status, text, headers: {} }) }) as unknown as AccountingClient;

describe("featureAvailability", () => {
  it("keeps only whether a tier allows a group, never the service's refusal text (the page says it in our words)", async () => {
    const refusal = JSON.stringify([
      {
        $severity: "error",
        $dataCode: "Forbidden",
        $message: "This feature is not available in your subscription.",
        $source: "",
      },
    ]);
    const states = await featureAvailability(answering(403, refusal), "b1");
    expect(states).toEqual([
      { key: "stock", available: false },
      { key: "currencies", available: false },
      { key: "exchangeRates", available: false },
    ]);
  });

  it("says available for an answer and unknown for other failures", async () => {
    expect((await featureAvailability(answering(200, "{}"), "b1")).map((state) => state.available)).toEqual([
      true,
      true,
      true,
    ]);
    expect((await featureAvailability(answering(500), "b1")).map((state) => state.available)).toEqual([
      null,
      null,
      null,
    ]);
  });
});
