import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { SIGN_IN_QUEUES } from "@/features/sign-in/queues";
import { deleteExpiredChallenges } from "@/features/passkeys/server/challenges";
import { log } from "@/lib/log/logger";

/**
 * What asking to sign in leaves behind, deleted once it can serve nobody: anyone may ask for an
 * e-mail link or passkey options without signing in, and each ask writes a row. A link's row is
 * kept a day past its 15 minutes, so a link opened the next morning still reads "expired" rather
 * than "unknown"; a passkey challenge (5 minutes, answered within its ceremony) 10 minutes past.
 * Runs every 10 minutes (pg-boss runs a schedule once however many processes there are), on the
 * app's clock (lib/clock), which tests move.
 */

export const LINK_KEPT_AFTER_EXPIRY_MS = 24 * 60 * 60_000;
export const CHALLENGE_KEPT_AFTER_EXPIRY_MS = 10 * 60_000;
const SWEEP_CRON = "*/10 * * * *";

export async function sweepSignInLeftovers(): Promise<{ links: number; challenges: number }> {
  const at = now().getTime();
  const [links, challenges] = await Promise.all([
    getDb().emailSignInLink.deleteMany({ where: { expiresAt: { lt: new Date(at - LINK_KEPT_AFTER_EXPIRY_MS) } } }),
    deleteExpiredChallenges(new Date(at - CHALLENGE_KEPT_AFTER_EXPIRY_MS)),
  ]);
  return { links: links.count, challenges };
}

/** The sweep's schedule and worker in this process (lib/composition/jobs.ts). */
export async function startSignInJobs(): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(SIGN_IN_QUEUES.sweep, SWEEP_CRON);
  await boss.work(SIGN_IN_QUEUES.sweep, async () => {
    const swept = await sweepSignInLeftovers();
    if (swept.links || swept.challenges)
      log.info(
        { links: swept.links, challenges: swept.challenges },
        "sign-in: expired links and passkey challenges swept",
      );
  });
}
