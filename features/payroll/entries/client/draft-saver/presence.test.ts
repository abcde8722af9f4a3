import { describe, expect, it } from "vitest";
import { whoSaved, type DraftConflict } from "./conflicts";
import { PEER_TIMEOUT_MS, PresenceStore } from "./presence";

describe("PresenceStore", () => {
  it("lists others by name with their line, counts newcomers, forgets those gone or silent", () => {
    const store = new PresenceStore();
    let changes = 0;
    store.subscribe(() => (changes += 1));
    store.heard({ client: "b", name: "Bea", line: null }, 1_000);
    store.heard({ client: "a", name: "Anna", line: "l1" }, 1_000);
    store.heard({ client: "a", name: "Anna", line: "l2" }, 2_000);
    expect(store.get().map((peer) => [peer.name, peer.line])).toEqual([
      ["Anna", "l2"],
      ["Bea", null],
    ]);
    expect(store.newcomers).toBe(2);
    expect(changes).toBe(3);
    store.heard({ client: "a", name: "Anna", line: null, gone: true }, 3_000);
    expect(store.get().map((peer) => peer.name)).toEqual(["Bea"]);
    store.expire(1_000 + PEER_TIMEOUT_MS);
    expect(store.get()).toEqual([]);
  });
});

describe("whoSaved", () => {
  const conflict = (by: string | null): DraftConflict => ({
    id: "l1",
    theirs: { revision: 3, employee_id: 1, values: { amount: "10" }, by },
    yours: null,
  });
  const peer = (client: string, name: string, line: string | null) => ({ client, name, line, seen: 0 });

  it("names the person the server knows saved the line, else the one on the line, else the only one here", () => {
    expect(whoSaved(conflict("Dara Byrne"), [peer("x", "Anna", "l1")])).toBe("Dara Byrne");
    expect(whoSaved(conflict(null), [peer("x", "Anna", "l2"), peer("y", "Dara Byrne", "l1")])).toBe("Dara Byrne");
    expect(whoSaved(conflict(null), [peer("y", "Dara Byrne", null)])).toBe("Dara Byrne");
    // Two others, neither on the line: not guessed.
    expect(whoSaved(conflict(null), [peer("x", "Anna", null), peer("y", "Dara Byrne", "l2")])).toBeNull();
    expect(whoSaved(conflict(null), [])).toBeNull();
  });
});
