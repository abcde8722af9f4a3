-- CreateTable
CREATE TABLE "upstream_budget_windows" (
    "service" TEXT NOT NULL,
    "credential" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "used" INTEGER NOT NULL,

    CONSTRAINT "upstream_budget_windows_pkey" PRIMARY KEY ("service","credential","window_start")
);

-- CreateTable
CREATE TABLE "upstream_budget_blocks" (
    "service" TEXT NOT NULL,
    "credential" TEXT NOT NULL,
    "blocked_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "upstream_budget_blocks_pkey" PRIMARY KEY ("service","credential")
);

-- CreateIndex
CREATE INDEX "upstream_budget_windows_window_start_idx" ON "upstream_budget_windows"("window_start");

-- The one statement each upstream request costs (lib/http/server/upstream-budget.ts): takes one
-- request of the budget of `p_service` + `p_credential` in the current window (windows of
-- `p_window_ms`, aligned to the epoch, so minutes are wall-clock minutes as the service counts
-- them), unless the service blocked the credential (429 with Retry-After) or the window already
-- holds `p_limit` requests. A request in the last `p_edge_ms` of a window may reach the service
-- in its next minute, so it counts in both windows and needs room in both. Atomic: the window's
-- row is upserted with its condition. Answers whether it was granted, and else how long to wait
-- (`blocked`: the service asked for it). The first request of a window clears windows and blocks
-- older than ten minutes, so old rows go without a job.
CREATE FUNCTION upstream_budget_take(p_service TEXT, p_credential TEXT, p_limit INTEGER, p_window_ms INTEGER, p_edge_ms INTEGER)
RETURNS TABLE (granted BOOLEAN, wait_ms INTEGER, blocked BOOLEAN) LANGUAGE plpgsql AS $$
DECLARE
  v_now TIMESTAMPTZ := clock_timestamp();
  v_ms BIGINT := floor(extract(epoch FROM v_now) * 1000);
  v_start_ms BIGINT := v_ms - (v_ms % p_window_ms);
  v_window TIMESTAMPTZ := to_timestamp(v_start_ms / 1000.0);
  v_next TIMESTAMPTZ := to_timestamp((v_start_ms + p_window_ms) / 1000.0);
  v_blocked_until TIMESTAMPTZ;
  v_used INTEGER;
  v_inserted BOOLEAN;
BEGIN
  SELECT b.blocked_until INTO v_blocked_until FROM upstream_budget_blocks b
    WHERE b.service = p_service AND b.credential = p_credential AND b.blocked_until > v_now;
  IF v_blocked_until IS NOT NULL THEN
    RETURN QUERY SELECT false, ceil(extract(epoch FROM v_blocked_until - v_now) * 1000)::INTEGER, true;
    RETURN;
  END IF;
  INSERT INTO upstream_budget_windows AS w (service, credential, window_start, used)
    VALUES (p_service, p_credential, v_window, 1)
    ON CONFLICT (service, credential, window_start) DO UPDATE SET used = w.used + 1 WHERE w.used < p_limit
    RETURNING w.used, (w.xmax = 0) INTO v_used, v_inserted;
  IF v_used IS NULL THEN
    RETURN QUERY SELECT false, (v_start_ms + p_window_ms - v_ms)::INTEGER, false;
    RETURN;
  END IF;
  IF v_ms >= v_start_ms + p_window_ms - p_edge_ms THEN
    INSERT INTO upstream_budget_windows AS w (service, credential, window_start, used)
      VALUES (p_service, p_credential, v_next, 1)
      ON CONFLICT (service, credential, window_start) DO UPDATE SET used = w.used + 1 WHERE w.used < p_limit
      RETURNING w.used INTO v_used;
    IF v_used IS NULL THEN
      -- The next window is full already: give the request back and wait for the one after it.
      UPDATE upstream_budget_windows SET used = used - 1
        WHERE service = p_service AND credential = p_credential AND window_start = v_window;
      RETURN QUERY SELECT false, (v_start_ms + 2 * p_window_ms - v_ms)::INTEGER, false;
      RETURN;
    END IF;
  END IF;
  IF v_inserted THEN
    DELETE FROM upstream_budget_windows WHERE window_start < v_window - interval '10 minutes';
    DELETE FROM upstream_budget_blocks WHERE blocked_until < v_now - interval '10 minutes';
  END IF;
  RETURN QUERY SELECT true, 0, false;
END
$$;
