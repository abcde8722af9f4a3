import "server-only";
import { accountingClientFor } from "@/features/accounting/server/for-user";
import type { SessionUser } from "@/lib/auth/server/session-store";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { getDb } from "@/lib/db/client";

/**
 * A person's e-mail as the accounting service reports it now (`GET /user` through their
 * connection), for using an invitation that names a person: what the app stored at sign-in may
 * be older. The stored address follows when it changed. A failing service is the request's
 * error (the invitation stays open).
 */
export async function reportedEmailOf(user: SessionUser): Promise<string | null> {
  const profile = await accountingClientFor(user).getUser();
  const email = profile.email ?? null;
  if (email !== user.email) {
    await getDb().user.update({ where: { id: user.id }, data: { email } });
    sessionCache().forget(user.id);
  }
  return email;
}
