// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import type { SealedVersionView } from "@/features/month-close/sealing/view";
import { VersionsSection } from "./versions-section";

// The versions that hold an employee under an erasure request still name them, marked as restricted.

afterEach(cleanup);

const version = (n: number, changes: SealedVersionView["changes"]): SealedVersionView => ({
  id: `v${n}`,
  period: "2026-11",
  version: n,
  hash: "ab".repeat(32),
  intact: true,
  sealedAt: "2026-11-30T10:00:00.000Z",
  sealedBy: "Olga Owner",
  sealedAtMigration: false,
  reason: n === 1 ? null : { text: "Overtime missing" },
  changes,
});

const changed = (employeeId: number) => ({
  employeeId,
  lines: [{ kind: "hours" as const, lineId: "a", change: "added" as const, values: { type: "" }, fields: [] }],
});

describe("Versions", () => {
  it("marks a restricted employee's name in what changed, and leaves the others as they are", () => {
    render(
      <NextIntlClientProvider locale="de" messages={MESSAGES.de} timeZone="Europe/Berlin">
        <VersionsSection
          versions={[version(1, null), version(2, [changed(7), changed(8)])]}
          employeeNames={{ 7: "Ada Lovelace", 8: "Ben Baker" }}
          restrictedOn={{ 7: "2026-11-30" }}
        />
      </NextIntlClientProvider>,
    );
    expect(screen.getByText(/Ada Lovelace — .*30\.11\.2026/)).toBeTruthy();
    expect(screen.getByText(/Ben Baker/).textContent).not.toContain("—");
  });
});
