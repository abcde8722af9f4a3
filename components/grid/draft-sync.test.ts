import { describe, expect, it } from "vitest";
import { PEER_TIMEOUT_MS, PresenceStore } from "./draft-sync";

describe("PresenceStore", () => {
  it("lists others by name with their line, counts newcomers, forgets those gone or silent", () => {
    const store = new PresenceStore();
    let changes = 0;
    store.subscribe(() => (changes += 1));
    store.heard({ client: "b", name: "Bea", line: null }, 1_000);
    store.heard({ client: "a", name: "Anna", line: "l1" }, 1_000);
    store.heard({ client: "a", name: "Anna", line: "l2" }, 2_000);
    expect(store.get().map((peer) => [peer.name, peer.line])).toEqual([["Anna", "l2"], ["Bea", null]]);
    expect(store.newcomers).toBe(2);
    expect(changes).toBe(3);
    store.heard({ client: "a", name: "Anna", line: null, gone: true }, 3_000);
    expect(store.get().map((peer) => peer.name)).toEqual(["Bea"]);
    store.expire(1_000 + PEER_TIMEOUT_MS);
    expect(store.get()).toEqual([]);
  });
});
