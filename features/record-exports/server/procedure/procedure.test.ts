import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import { COMPANY, seedFirm } from "../../testing/world";
import { procedureBlocks } from "./text";

// The procedure documentation against the suite's Postgres: the PDF parses, holds the fixed text of
// docs/verfahrensdokumentation.md in the person's language and the workspace's settings as they are.

const it = test.extend("firm", { scope: "file" }, async () => seedFirm());

const translator = (locale: "en" | "de") =>
  createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const FIXED = readFileSync(path.join(process.cwd(), "docs/verfahrensdokumentation.md"), "utf8");

describe("the fixed text", () => {
  it.each(["en", "de"] as const)("has in %s a title, the eight sections and every settings' place", (locale) => {
    const blocks = procedureBlocks(FIXED, locale);
    expect(blocks[0]).toMatchObject({ kind: "title" });
    expect(blocks.filter((block) => block.kind === "heading")).toHaveLength(8);
    expect(blocks.flatMap((block) => (block.kind === "slot" ? [block.name] : []))).toEqual([
      "workspace",
      "roles",
      "checks",
      "retention",
    ]);
    // Nothing of the other language, nor of the leading comment.
    const text = JSON.stringify(blocks);
    expect(text).not.toContain(locale === "en" ? "Verfahrensdokumentation" : "Procedure documentation");
    expect(text).not.toContain("lang:");
  });
});

describe("the procedure documentation", () => {
  it("is a PDF with the workspace's roles, four eyes, passkeys, check settings and retention", async ({ firm }) => {
    const { procedureDocumentation } = await import("./export");
    await firm.db.workspace.update({ where: { id: firm.workspaceId }, data: { requirePasskey: true } });
    await firm.db.retentionSetting.create({
      data: { workspaceId: firm.workspaceId, recordClass: "booking_vouchers", years: 12 },
    });
    await firm.db.payrollCompanySettings.create({
      data: { connectionId: firm.connectionId, companyId: COMPANY, federalState: "BY", monthlyHoursLimit: "173.5" },
    });
    const workspace = await firm.db.workspace.findUniqueOrThrow({ where: { id: firm.workspaceId } });

    const english = await procedureDocumentation(firm.clerk.userId, firm.workspaceId, translator("en"), "en");
    expect(english.fileName).toMatch(/^procedure-documentation-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(Buffer.from(english.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfText(english.bytes);
    for (const part of [
      "Procedure documentation",
      "1. General description",
      "8. Backups and access",
      `Workspace: ${workspace.name}`,
      "Members: 2",
      "Owner: 1 member",
      "Clerk: 1 member",
      "Approver: 1 member",
      "Viewer: 0 members",
      "Four eyes: yes (the default",
      "Passkeys required: yes",
      `Bäckerei Test (${COMPANY}): Land for public holidays BY; monthly hours limit 173.5`,
      "Andere GmbH (4712): Land for public holidays not confirmed; monthly hours limit 208",
      "Booking vouchers: 12 years (§ 147 (1) Nr. 4, (3), (4) AO)",
      "Wage account data: 6 years (§ 41 (1) EStG)",
      "Page 1 of",
    ])
      expect(text).toContain(part);

    const german = await procedureDocumentation(firm.owner.userId, firm.workspaceId, translator("de"), "de");
    expect(german.fileName).toMatch(/^verfahrensdokumentation-/);
    const deText = await pdfText(german.bytes);
    for (const part of [
      "Verfahrensdokumentation",
      "5. Festschreibung",
      "Passkeys verlangt: ja",
      "Monatsstundengrenze 173,5",
      "Buchungsbelege: 12 Jahre",
      "Seite 1 von",
    ])
      expect(deText).toContain(part);
  });

  it("is for the firm's members: another workspace's owner is not found", async ({ firm }) => {
    const { procedureDocumentation } = await import("./export");
    await expect(
      procedureDocumentation(firm.otherOwner.userId, firm.workspaceId, translator("en"), "en"),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
