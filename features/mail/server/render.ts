import "server-only";
import { createTranslator } from "use-intl/core";
import { formatDay, formatMonth } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import type { NotificationKind } from "@/features/notifications/kinds";

/**
 * A notification as an e-mail in the person's language (the `mail` messages of lib/i18n): subject,
 * plain text and HTML (every value escaped), with a link to what it is about, to the notification
 * settings and to unsubscribe. The daily digest lists several in one mail. The translator is
 * use-intl's core (what next-intl re-exports), without React: the outbox worker and the reminder
 * job run outside any request, also in plain node processes under the react-server condition.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailItem {
  kind: NotificationKind;
  data: Record<string, unknown>;
  /** Absolute URL of what it is about. */
  link: string;
}

interface Frame {
  locale: Locale;
  name: string | null;
  settingsUrl: string;
  unsubscribeUrl: string;
}

const makeTranslator = (locale: Locale) => createTranslator({ locale, messages: MESSAGES[locale], namespace: "mail" });
// One per language for the process: a translator keeps its parsed messages (a reminder run renders hundreds).
const translators = new Map<Locale, ReturnType<typeof makeTranslator>>();
function translatorFor(locale: Locale) {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = makeTranslator(locale)));
  return t;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

function valuesOf(locale: Locale, data: Record<string, unknown>, someone: string) {
  return {
    company: text(data.companyName) || (data.companyId !== undefined ? `#${text(data.companyId)}` : ""),
    month: formatMonth(locale, text(data.period)),
    actor: text(data.actorName) || someone,
    reason: text(data.reason),
    member: text(data.memberName) || someone,
    workspace: text(data.workspaceName),
    connection: text(data.connectionKind) || "payroll",
    outcome: text(data.outcome) || "transferred",
    deadline: text(data.deadlineKind) || "cut_off",
    date: formatDay(locale, text(data.deadline)),
    days: typeof data.daysBefore === "number" ? data.daysBefore : 0,
    // A signed checkpoint of the audit trail (features/audit-trail): the proof, verbatim.
    count: typeof data.count === "number" ? data.count : 0,
    hash: text(data.headHash),
    fingerprint: text(data.keyFingerprint),
    statement: text(data.statement),
    signature: text(data.signature),
  };
}

function itemTexts(locale: Locale, item: MailItem): { subject: string; body: string } {
  const t = translatorFor(locale);
  const values = valuesOf(locale, item.data, t("someone"));
  return { subject: t(`kinds.${item.kind}.subject`, values), body: t(`kinds.${item.kind}.body`, values) };
}

const LINK = "\u0000link\u0000";

/** A sentence holding a link, as HTML: the sentence escaped, the link an anchor. */
function withAnchor(sentence: string, href: string, label: string): string {
  return escapeHtml(sentence).replace(LINK, `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`);
}

function frame(
  frame: Frame,
  all: boolean,
  parts: { textLines: string[]; htmlBlocks: string[] },
): { text: string; html: string } {
  const t = translatorFor(frame.locale);
  const greeting = frame.name ? t("greeting", { name: frame.name }) : t("greetingNoName");
  const unsubscribeKey = all ? "footerUnsubscribeAll" : "footerUnsubscribe";
  const textBody = [
    greeting,
    "",
    ...parts.textLines,
    "",
    "-- ",
    t("footerSettings", { link: frame.settingsUrl }),
    t(unsubscribeKey, { link: frame.unsubscribeUrl }),
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${frame.locale}"><head><meta charset="utf-8"></head>`,
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...parts.htmlBlocks,
    `<hr style="border:none;border-top:1px solid #ddd">`,
    `<p style="font-size:12px;color:#555">${withAnchor(t("footerSettings", { link: LINK }), frame.settingsUrl, t("settingsLink"))}<br>`,
    `${withAnchor(t(unsubscribeKey, { link: LINK }), frame.unsubscribeUrl, t("unsubscribeLink"))}</p>`,
    `</body></html>`,
  ].join("\n");
  return { text: textBody, html };
}

export function renderNotificationMail(item: MailItem, context: Frame): RenderedMail {
  const t = translatorFor(context.locale);
  const { subject, body } = itemTexts(context.locale, item);
  const framed = frame(context, false, {
    textLines: [body, "", t("open", { link: item.link })],
    htmlBlocks: [
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(item.link)}">${escapeHtml(t("openButton"))}</a></p>`,
    ],
  });
  return { subject, ...framed };
}

/** One mail for a day's notifications (`day` as `YYYY-MM-DD`), each with its link. */
export function renderDigestMail(items: MailItem[], day: string, context: Frame): RenderedMail {
  const t = translatorFor(context.locale);
  const texts = items.map((item) => ({ ...itemTexts(context.locale, item), link: item.link }));
  const framed = frame(context, true, {
    textLines: [
      t("digest.intro"),
      "",
      ...texts.flatMap((entry) => [`* ${entry.subject}`, `  ${entry.body}`, `  ${entry.link}`, ""]),
    ],
    htmlBlocks: [
      `<p>${escapeHtml(t("digest.intro"))}</p>`,
      `<ul>${texts
        .map(
          (entry) =>
            `<li><p><a href="${escapeHtml(entry.link)}">${escapeHtml(entry.subject)}</a><br>${escapeHtml(entry.body)}</p></li>`,
        )
        .join("")}</ul>`,
    ],
  });
  return { subject: t("digest.subject", { count: items.length, date: formatDay(context.locale, day) }), ...framed };
}
