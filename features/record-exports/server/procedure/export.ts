import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { renderProcedurePdf } from "./pdf";
import { procedureSettings } from "./settings";
import { procedureSlots } from "./slots";
import { procedureBlocks } from "./text";

/**
 * The workspace's procedure documentation (Verfahrensdokumentation, GoBD chapter 10;
 * docs/adr/0287-procedure-documentation.md): the fixed text of docs/verfahrensdokumentation.md in
 * the person's language with the workspace's settings as they are now. For the firm's members
 * (a non-member or client 404): it holds settings and counts, no person's data.
 */

const TEXT_FILE = path.join(process.cwd(), "docs/verfahrensdokumentation.md");
let fixedText: string | null = null;

export async function procedureDocumentation(
  userId: string,
  workspaceId: string,
  t: Translate,
  locale: Locale,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const member = await getDb().workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { roles: true },
  });
  if (!member || member.roles.includes("client")) throw new ApiError("not_found");
  fixedText ??= readFileSync(TEXT_FILE, "utf8");
  const madeAt = now();
  const settings = await procedureSettings(workspaceId);
  const title = t("recordExports.procedure.heading");
  const bytes = await renderProcedurePdf(
    procedureBlocks(fixedText, locale),
    procedureSlots(t, locale, settings, madeAt),
    {
      locale,
      title,
      subject: settings.workspace,
      pageOf: (page, pages) => t("recordExports.procedure.pageOf", { page, pages }),
    },
  );
  const fileName = `${locale === "de" ? "verfahrensdokumentation" : "procedure-documentation"}-${madeAt.toISOString().slice(0, 10)}.pdf`;
  return { fileName, bytes };
}
