import "server-only";
import { getDb } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";

/**
 * The one home of rate limits: "at most `limit` uses per `windowMs`" for a subject (a workspace,
 * an e-mail address, a person), counted in Postgres so that every app process shares the count.
 *
 * A sliding window, exact: the row of a limit and subject (`rate_limits`) holds the times of its
 * uses inside the window. One statement adds a use only while fewer than `limit` lie inside the
 * window (`INSERT … ON CONFLICT DO UPDATE … WHERE`, which locks the row, so two processes cannot
 * both take the last use). A refusal is 429 `rate_limited` with `Retry-After`: the time until the
 * oldest use counted leaves the window. Several limits of one action are taken together in one
 * transaction: a refusal by any takes none (an e-mail refused for its address does not use up
 * the workspace's hour).
 */

export interface RateLimitRule {
  /** Names the limit in keys and in the refusal (`limit` of the error body). */
  name: string;
  limit: number;
  windowMs: number;
  /** The refusal's English message (the browser shows the `rate_limited` text). */
  message: string;
}

export interface RateLimitUse {
  rule: RateLimitRule;
  /** Who or what the limit counts for: a workspace id, a lower-cased e-mail address, a person's id. */
  subject: string;
}

type Db = Pick<PrismaClient, "$transaction">;

/** Timestamps as the database's `timestamp(3)` columns hold them: UTC, without a zone. */
const utc = (time: number) => new Date(time).toISOString().slice(0, -1);

/** How often a use also deletes the rows whose window passed (a cheap statement on an index). */
const SWEEP_EVERY = 50;

/**
 * Takes one use of every limit in `uses`, or none: throws 429 `rate_limited` (with
 * `retryAfterSeconds`) when any of them is used up. `now` is for tests; `db` for a second
 * client in tests (the limits hold across processes).
 */
export async function takeRateLimits(
  uses: readonly RateLimitUse[],
  options: { now?: Date; db?: Db } = {},
): Promise<void> {
  const db = options.db ?? getDb();
  const now = (options.now ?? new Date()).getTime();
  await db.$transaction(async (tx) => {
    for (const { rule, subject } of uses) {
      const key = `${rule.name}:${subject}`;
      const since = utc(now - rule.windowMs);
      const taken = await tx.$queryRaw<{ key: string }[]>`
        INSERT INTO rate_limits AS r (key, hits, expires_at)
        VALUES (${key}, ARRAY[${utc(now)}::timestamp(3)], ${utc(now + rule.windowMs)}::timestamp(3))
        ON CONFLICT (key) DO UPDATE
          SET hits = ARRAY(SELECT h FROM unnest(r.hits) AS h WHERE h > ${since}::timestamp(3) ORDER BY h) || ${utc(now)}::timestamp(3),
              expires_at = ${utc(now + rule.windowMs)}::timestamp(3)
          WHERE (SELECT count(*) FROM unnest(r.hits) AS h WHERE h > ${since}::timestamp(3)) < ${rule.limit}
        RETURNING key`;
      if (taken.length > 0) continue;
      // Used up: the row is locked by the statement above, so this reads what refused it.
      const counted = await tx.$queryRaw<{ at: number }[]>`
        SELECT (extract(epoch FROM h) * 1000)::float8 AS at
        FROM rate_limits, unnest(hits) AS h
        WHERE key = ${key} AND h > ${since}::timestamp(3)
        ORDER BY h`;
      // The use that has to leave the window before one more fits (more than `limit` are held after a limit was lowered).
      const leaving = counted[Math.max(0, counted.length - rule.limit)]?.at ?? now;
      throw rateLimited(rule, Math.max(1, Math.ceil((leaving + rule.windowMs - now) / 1000)));
    }
    if (Math.random() * SWEEP_EVERY < 1)
      await tx.$executeRaw`DELETE FROM rate_limits WHERE expires_at < ${utc(now)}::timestamp(3)`;
  });
}

function rateLimited(rule: RateLimitRule, retryAfterSeconds: number): ApiError {
  return new ApiError("rate_limited", rule.message, { retryAfterSeconds, extra: { limit: rule.name } });
}
