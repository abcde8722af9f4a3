-- A process's lease of the shared budget (lib/http/server/upstream-budget.ts): takes up to
-- `p_want` requests of `p_service` + `p_credential`'s current window at once, which the process
-- then spends with no further round trip until `valid_ms` have passed (the window's edge) or they
-- are used. Never more than `p_limit` in a window from all processes together: the window's row
-- is locked while its room is read and the batch added. The batch shrinks as the window fills:
-- the whole `p_want` while less than half the limit is used, then a tenth of what is left, one
-- near the limit (a batch a process does not use is lost to the others until the window ends).
-- A block (the service's 429) refuses as `upstream_budget_take` does. In the window's last
-- `p_edge_ms` a lease is one request counted in both windows (`upstream_budget_take`, valid at
-- once only), so the edge rule holds as before.
CREATE FUNCTION upstream_budget_lease(p_service TEXT, p_credential TEXT, p_limit INTEGER, p_want INTEGER, p_window_ms INTEGER, p_edge_ms INTEGER)
RETURNS TABLE (granted INTEGER, wait_ms INTEGER, blocked BOOLEAN, valid_ms INTEGER) LANGUAGE plpgsql AS $$
DECLARE
  v_now TIMESTAMPTZ := clock_timestamp();
  v_ms BIGINT := floor(extract(epoch FROM v_now) * 1000);
  v_start_ms BIGINT := v_ms - (v_ms % p_window_ms);
  v_window TIMESTAMPTZ := to_timestamp(v_start_ms / 1000.0);
  v_edge_ms BIGINT := v_start_ms + p_window_ms - p_edge_ms;
  v_blocked_until TIMESTAMPTZ;
  v_used INTEGER;
  v_granted INTEGER;
  v_inserted BOOLEAN;
BEGIN
  SELECT b.blocked_until INTO v_blocked_until FROM upstream_budget_blocks b
    WHERE b.service = p_service AND b.credential = p_credential AND b.blocked_until > v_now;
  IF v_blocked_until IS NOT NULL THEN
    RETURN QUERY SELECT 0, ceil(extract(epoch FROM v_blocked_until - v_now) * 1000)::INTEGER, true, 0;
    RETURN;
  END IF;
  IF v_ms >= v_edge_ms THEN
    RETURN QUERY SELECT CASE WHEN t.granted THEN 1 ELSE 0 END, t.wait_ms, t.blocked, 0
      FROM upstream_budget_take(p_service, p_credential, p_limit, p_window_ms, p_edge_ms) t;
    RETURN;
  END IF;
  INSERT INTO upstream_budget_windows (service, credential, window_start, used)
    VALUES (p_service, p_credential, v_window, 0) ON CONFLICT DO NOTHING;
  v_inserted := FOUND;
  SELECT w.used INTO v_used FROM upstream_budget_windows w
    WHERE w.service = p_service AND w.credential = p_credential AND w.window_start = v_window FOR UPDATE;
  v_granted := LEAST(p_want, p_limit - v_used,
    CASE WHEN v_used * 2 < p_limit THEN p_want ELSE GREATEST(1, (p_limit - v_used) / 10) END);
  IF v_granted <= 0 THEN
    RETURN QUERY SELECT 0, (v_start_ms + p_window_ms - v_ms)::INTEGER, false, 0;
    RETURN;
  END IF;
  UPDATE upstream_budget_windows SET used = used + v_granted
    WHERE service = p_service AND credential = p_credential AND window_start = v_window;
  IF v_inserted THEN
    DELETE FROM upstream_budget_windows WHERE window_start < v_window - interval '10 minutes';
    DELETE FROM upstream_budget_blocks WHERE blocked_until < v_now - interval '10 minutes';
  END IF;
  RETURN QUERY SELECT v_granted, 0, false, (v_edge_ms - v_ms)::INTEGER;
END
$$;
