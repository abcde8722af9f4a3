import type { Locale } from "@/lib/i18n/locales";

/**
 * The fixed text of the procedure documentation (docs/verfahrensdokumentation.md) as blocks: one
 * language's part, its title, sections, paragraphs, list items and the places (`{{name}}`) where
 * the workspace's settings go. Pure; the format is described at the top of the file.
 */

export type ProcedureBlock =
  { kind: "title" | "heading" | "paragraph" | "item"; text: string } | { kind: "slot"; name: string };

const LANG = /^<!-- lang: (\w+) -->$/;

export function procedureBlocks(markdown: string, locale: Locale): ProcedureBlock[] {
  // Without the leading comment: every language's block starts at its marker.
  const lines = markdown.replace(/^<!--[\s\S]*?-->/, "").split(/\r?\n/);
  const blocks: ProcedureBlock[] = [];
  let language: string | null = null;
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    const marker = LANG.exec(line);
    if (marker) {
      endParagraph();
      language = marker[1]!;
      continue;
    }
    if (language !== locale) continue;
    const slot = /^\{\{(\w+)\}\}$/.exec(line);
    if (line === "" || slot || line.startsWith("#") || line.startsWith("- ")) endParagraph();
    if (line === "") continue;
    if (slot) blocks.push({ kind: "slot", name: slot[1]! });
    else if (line.startsWith("## ")) blocks.push({ kind: "heading", text: line.slice(3) });
    else if (line.startsWith("# ")) blocks.push({ kind: "title", text: line.slice(2) });
    else if (line.startsWith("- ")) blocks.push({ kind: "item", text: line.slice(2) });
    else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}
