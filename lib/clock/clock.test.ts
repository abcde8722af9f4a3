import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/sandbox/test-support";
import { followSandboxClock, now, nowMs, resetTestClock, setTestClockOffset } from ".";

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  resetTestClock();
  await sandbox?.close();
  sandbox = undefined;
});

describe("the app's clock", () => {
  it("is real time until a test moves it, then runs that far ahead", () => {
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(50);
    setTestClockOffset(10 * 60_000);
    expect(now().getTime() - Date.now()).toBeGreaterThanOrEqual(10 * 60_000 - 50);
    expect(() => setTestClockOffset(60_000)).toThrow("only forward");
  });

  it("follows the sandbox's clock after POST /control/clock", async () => {
    sandbox = await startTestSandbox();
    await sandbox.control("POST", "/clock", { advance_seconds: 601 });
    const sandboxNow = Date.parse((await sandbox.control<{ now: string }>("GET", "/clock")).body.now);
    const appNow = (await followSandboxClock(sandbox.urls.control_url)).getTime();
    expect(Math.abs(appNow - sandboxNow)).toBeLessThan(1_000);
    expect(appNow - Date.now()).toBeGreaterThan(600_000);
  });
});
