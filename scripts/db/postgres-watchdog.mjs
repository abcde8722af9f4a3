// The embedded Postgres server's keeper (started by scripts/db/embedded-postgres.ts, plain
// JavaScript so it starts in milliseconds without a TypeScript loader). It runs the server as its
// own child and stops it as soon as its owner is gone: the owner holds this process's stdin open
// and never writes to it, so the pipe closes when the owner stops it, exits or is killed (even
// with kill -9). Then the server gets a fast shutdown and a temporary cluster is removed.
//
// argv[2]: JSON { postgres, args, uid?, gid?, dataDir, logFile, removeDir?, env }
// stdout: `ready <pid>` once postmaster.pid says the server accepts connections, or `failed`.
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const config = JSON.parse(process.argv[2]);
const log = openSync(config.logFile, "a");
const server = spawn(config.postgres, config.args, {
  env: config.env,
  stdio: ["ignore", log, log],
  ...(config.uid === undefined ? {} : { uid: config.uid, gid: config.gid }),
});
closeSync(log);

let ready = false;
let stopping = false;

function finish(code) {
  if (config.removeDir) rmSync(config.removeDir, { recursive: true, force: true });
  process.exit(code);
}

server.on("error", (error) => {
  process.stdout.write(`failed ${error.message}\n`);
  finish(1);
});
server.on("exit", (code, signal) => {
  if (!ready) process.stdout.write(`failed ${signal ?? `code ${code}`}\n`);
  finish(stopping ? 0 : 1);
});

// A temporary cluster is thrown away: an immediate shutdown. A kept one is shut down cleanly.
function stop() {
  if (stopping) return;
  stopping = true;
  server.kill(config.removeDir ? "SIGQUIT" : "SIGINT");
}
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.on("error", stop);
process.stdin.resume();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);

// postmaster.pid's 8th line is the server's state; "ready" once it accepts connections.
const pidFile = path.join(config.dataDir, "postmaster.pid");
const poll = setInterval(() => {
  let lines = [];
  try {
    lines = readFileSync(pidFile, "utf8").split("\n");
  } catch {
    return;
  }
  if (Number(lines[0]) !== server.pid || lines[7]?.trim() !== "ready") return;
  clearInterval(poll);
  ready = true;
  process.stdout.write(`ready ${server.pid}\n`);
}, 10);
