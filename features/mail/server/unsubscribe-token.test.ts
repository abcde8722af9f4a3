import { beforeAll, describe, expect, it } from "vitest";
import { useMailTestEnv } from "./testing/mail-env";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";

beforeAll(() => useMailTestEnv("postgresql://unused@127.0.0.1:9/unused", 9));

const USER = "3f1c2b9a-5d6e-4f70-8a91-b2c3d4e5f607";

describe("the unsubscribe token", () => {
  it("names its person and kind, and reads back", () => {
    expect(readUnsubscribeToken(unsubscribeToken(USER, "reminder"))).toEqual({ userId: USER, scope: "reminder" });
    expect(readUnsubscribeToken(unsubscribeToken(USER, "all"))).toEqual({ userId: USER, scope: "all" });
  });

  it("refuses a changed person, kind or signature, and garbage", () => {
    const token = unsubscribeToken(USER, "reminder");
    const [, , mac] = token.split(".");
    expect(readUnsubscribeToken(`${USER}.month_submitted.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(`${USER.replace("3f", "4f")}.reminder.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(`${token}x`)).toBeNull();
    expect(readUnsubscribeToken(`${USER}.unknown_kind.${mac}`)).toBeNull();
    expect(readUnsubscribeToken("forged")).toBeNull();
    expect(readUnsubscribeToken(`${token}.extra`)).toBeNull();
  });
});
