import "server-only";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { getDb } from "@/lib/db/client";
import { userSchema, type AccountingUser } from "../schemas";

/** The name the header shows: first and last name, else the service's display name. */
export function personDisplayName(
  profile: Pick<AccountingUser, "first_name" | "last_name" | "displayed_as">,
): string | null {
  return [profile.first_name, profile.last_name].filter(Boolean).join(" ") || profile.displayed_as || null;
}

/**
 * After the service accepted a change of the person's details (`PUT /user`): the stored name
 * follows its answer at once, so the header (read on the server) shows the new name on the
 * page's refresh instead of at the next sign-in.
 */
export async function rememberUserName(userId: string, answer: string): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return;
  }
  const body = parsed && typeof parsed === "object" && "user" in parsed ? (parsed as { user: unknown }).user : parsed;
  const user = userSchema.safeParse(body);
  if (!user.success) return;
  const name = personDisplayName(user.data);
  if (!name) return;
  await getDb().user.update({ where: { id: userId }, data: { displayName: name } });
  sessionCache().forget(userId);
}
