import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { draftBackupKey, localDraftBackup } from "./local-backup";

/** The browser's localStorage, as far as the backup uses it. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (index: number) => [...this.items.keys()][index] ?? null;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe("localDraftBackup", () => {
  it("keeps each page's edits apart, per person and draft, and the next page takes them all", () => {
    const draft = draftBackupKey("user-1/conn-1", 1001, "hours", "2026-11");
    const [tabA, tabB] = [localDraftBackup(draft, "page-a"), localDraftBackup(draft, "page-b")];
    tabA.write("a's edits");
    tabB.write("b's edits");
    // Another person's, another month's: not this draft's.
    localDraftBackup(draftBackupKey("user-2/conn-1", 1001, "hours", "2026-11"), "page-c").write("someone else's");
    localDraftBackup(draftBackupKey("user-1/conn-1", 1001, "hours", "2026-12"), "page-d").write("next month's");
    // A confirmed page forgets only its own.
    tabB.clear();
    tabB.write("b's newer edits");
    const next = localDraftBackup(draft, "page-e");
    expect(next.takeAll().sort()).toEqual(["a's edits", "b's newer edits"]);
    expect(next.takeAll()).toEqual([]);
    expect(localStorage.length).toBe(2);
  });
});
