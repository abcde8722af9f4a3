import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "./browser-fetch";
import { registerRecentSignInConfirmer } from "./recent-sign-in";

const refused = () =>
  new Response(
    JSON.stringify({ ok: false, error: { code: "reauthentication_required", message: "Confirm it is you." } }),
    {
      status: 401,
      headers: { "content-type": "application/json" },
    },
  );
const approved = () =>
  new Response(JSON.stringify({ ok: true, data: { state: "approved" } }), {
    headers: { "content-type": "application/json" },
  });

let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  unregister = undefined;
  vi.unstubAllGlobals();
});

describe("a step refused for want of a recent sign-in", () => {
  it("asks the dialog and, once confirmed, sends the same request again once", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(refused()).mockResolvedValueOnce(approved());
    vi.stubGlobal("fetch", fetch);
    const confirm = vi.fn().mockResolvedValue(true);
    unregister = registerRecentSignInConfirmer(confirm);
    const result = await apiFetch("/api/x", { method: "POST", body: { action: "approve" } });
    expect(result).toMatchObject({ ok: true, data: { state: "approved" } });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]).toEqual(fetch.mock.calls[0]);
  });

  it("answers the refusal when the person cancels, and when refused again after confirming (no loop)", async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(refused()));
    vi.stubGlobal("fetch", fetch);
    unregister = registerRecentSignInConfirmer(() => Promise.resolve(false));
    expect(await apiFetch("/api/x", { method: "POST" })).toMatchObject({
      ok: false,
      status: 401,
      error: { code: "reauthentication_required" },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    unregister();
    unregister = registerRecentSignInConfirmer(() => Promise.resolve(true));
    expect(await apiFetch("/api/x", { method: "POST" })).toMatchObject({
      ok: false,
      error: { code: "reauthentication_required" },
    });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("opens one dialog for requests refused at the same moment", async () => {
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValueOnce(refused())
        .mockResolvedValueOnce(refused())
        .mockImplementation(() => Promise.resolve(approved())),
    );
    let settle: (confirmed: boolean) => void = () => undefined;
    const confirm = vi.fn(() => new Promise<boolean>((resolve) => (settle = resolve)));
    unregister = registerRecentSignInConfirmer(confirm);
    const both = Promise.all([apiFetch("/api/a", { method: "POST" }), apiFetch("/api/b", { method: "POST" })]);
    await vi.waitFor(() => expect(confirm).toHaveBeenCalled());
    settle(true);
    expect((await both).map((result) => result.ok)).toEqual([true, true]);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("without a dialog on the page, the refusal stands", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(refused()));
    expect(await apiFetch("/api/x", { method: "POST" })).toMatchObject({
      ok: false,
      error: { code: "reauthentication_required" },
    });
  });
});
