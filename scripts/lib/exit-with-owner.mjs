// Preloaded (`node --import`) into every Node child that scripts/lib/processes.ts starts (the app,
// the sandbox, the build): the child stops as soon as its owner (`npm start`'s process) is gone,
// as the embedded Postgres's keeper does (scripts/db/postgres-watchdog.mjs). The owner holds the
// child's stdin open and never writes to it, so the pipe closes when the owner exits or is killed,
// even with kill -9: no polling. Then the child gets SIGTERM, its own graceful stop (the app's is
// bounded at 3 s), and SIGKILL if it is still there 5 s later.
// Only with LEDGERLANE_EXIT_WITH_OWNER=1 (set by processes.ts; removed here, so the child's own
// children, whose stdin is no such pipe, do not inherit it). Plain JavaScript: the app's process
// runs without a TypeScript loader.
if (process.env.LEDGERLANE_EXIT_WITH_OWNER === "1") {
  delete process.env.LEDGERLANE_EXIT_WITH_OWNER;
  let gone = false;
  const ownerGone = () => {
    if (gone) return;
    gone = true;
    process.kill(process.pid, "SIGTERM");
    setTimeout(() => process.kill(process.pid, "SIGKILL"), 5_000).unref();
  };
  process.stdin.on("end", ownerGone);
  process.stdin.on("close", ownerGone);
  process.stdin.on("error", ownerGone);
  process.stdin.resume();
  // Watching the pipe does not keep the child alive by itself.
  process.stdin.unref?.();
}
