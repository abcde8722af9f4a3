import "server-only";
import { createTranslator } from "use-intl/core";
import type { Prisma } from "@/lib/db/generated/client";
import { now } from "@/lib/clock";
import { formatDate } from "@/lib/i18n/format";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { appUrl } from "@/features/mail/server/notification-mail";
import { enqueueMail } from "@/features/mail/server/outbox";
import { escapeHtml } from "@/features/mail/server/render";
import { notify } from "@/features/notifications/server/notify";

/**
 * A new way in (a passkey, a sign-in e-mail, a linked accounting account) is told to the person at
 * every address they have, in their language, with the link to their sessions: whoever stole a
 * session and added their own way in is then seen by the person, who can sign that session out
 * and remove it. Someone without any address is told in the app (a notification in their personal
 * workspace). Queued in the transaction of the change (the outbox), so it exists exactly when the
 * change does. Security mail: no notification setting turns it off, and it has no unsubscribe.
 */

type Tx = Prisma.TransactionClient;

export type WayIn = "passkey" | "email" | "account_link";

export interface NewWayIn {
  userId: string;
  way: WayIn;
  /** Names this change once (the passkey's, the verification's, the link's id): telling twice tells once. */
  changeId: string;
  /** What was added, as the person would recognise it: the passkey's name, the address, the account's name. */
  detail: string;
  /** Addresses to tell besides the person's current ones (a new sign-in e-mail, before it is stored). */
  alsoTo?: (string | null | undefined)[];
}

export const SESSIONS_PAGE = "/settings/security";

export async function tellOfNewWayIn(tx: Tx, change: NewWayIn): Promise<{ mailedTo: string[]; inApp: boolean }> {
  const [person] = await tx.$queryRaw<
    { email: string | null; verified_email: string | null; locale: string; display_name: string | null }[]
  >`
    SELECT email, verified_email, locale, display_name FROM users WHERE id = ${change.userId}::uuid`;
  if (!person) return { mailedTo: [], inApp: false };
  const locale: Locale = isLocale(person.locale) ? person.locale : "en";
  const addresses = [
    ...new Set(
      [person.verified_email, person.email, ...(change.alsoTo ?? [])]
        .filter(isAddress)
        .map((a) => a.trim().toLowerCase()),
    ),
  ];
  const mail = renderNotice(locale, person.display_name, change);
  for (const to of addresses)
    await enqueueMail(tx, {
      idempotencyKey: `way-in:${change.way}:${change.changeId}:${to}`,
      to,
      userId: change.userId,
      locale,
      kind: `security:way_in_added`,
      ...mail,
    });
  if (addresses.length > 0) return { mailedTo: addresses, inApp: false };
  const [personal] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM workspaces WHERE personal_user_id = ${change.userId}::uuid`;
  if (!personal) return { mailedTo: [], inApp: false };
  await notify(tx, {
    userIds: [change.userId],
    kind: "way_in_added",
    dedupeKey: `way-in:${change.way}:${change.changeId}`,
    workspaceId: personal.id,
    data: { way: change.way, detail: change.detail },
    link: SESSIONS_PAGE,
  });
  return { mailedTo: [], inApp: true };
}

const isAddress = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.includes("@");

function renderNotice(
  locale: Locale,
  name: string | null,
  change: NewWayIn,
): { subject: string; text: string; html: string } {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "wayInNotice" });
  const at = formatDate(locale, now(), { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
  const link = appUrl(SESSIONS_PAGE);
  const paragraphs = [
    name ? t("greeting", { name }) : t("greetingNoName"),
    t(`body.${change.way}`, { detail: change.detail, at }),
    t("notYou"),
    t("sessions", { link }),
  ];
  return {
    subject: t(`subject.${change.way}`),
    text: paragraphs.join("\n\n"),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${paragraphs
      .map(
        (paragraph) =>
          `<p>${escapeHtml(paragraph).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`,
      )
      .join("")}</body></html>`,
  };
}
