import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signDelivery } from "./signing";

const body = JSON.stringify({
  type: "month.approved",
  timestamp: "2026-11-26T10:00:00.000Z",
  data: { period: "2026-11" },
});

describe("Standard Webhooks signing", () => {
  it("makes whsec_ secrets of 32 random bytes", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("signs id.timestamp.body with HMAC-SHA256 as v1,<base64>, verified by the reference library", () => {
    const secret = newWebhookSecret();
    const headers = signDelivery([secret], "msg_1", new Date(), body);
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    const expected = createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update(`msg_1.${headers["webhook-timestamp"]}.${body}`)
      .digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it("signs with every secret in force, space-separated: both the new and the previous secret verify", () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signDelivery([current, previous], "msg_2", new Date(), body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(previous).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it("is refused for a changed body or an old timestamp", () => {
    const secret = newWebhookSecret();
    const headers = signDelivery([secret], "msg_3", new Date(), body);
    expect(() => new Webhook(secret).verify(body.replace("11", "12"), { ...headers })).toThrow();
    const old = signDelivery([secret], "msg_3", new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow();
  });
});
