import { spawn } from "node:child_process";
import { connect } from "node:net";
import path from "node:path";

// `npm start` killed with SIGKILL leaves nothing running: its node process (scripts/start.ts, as
// tsx runs it) is started on PORT and SANDBOX_PORT with the caller's database settings, killed
// with SIGKILL once ready, and both ports must be free within 10 s (polled, no sleeps). The build
// is made first when the sources changed (minutes), so this runs on its own, not in the unit suite:
//   PORT=12000 SANDBOX_PORT=17000 DATABASE_ADMIN_URL=postgresql://… npx tsx scripts/test/start-kill.ts
// The mechanism itself is covered in the suite by scripts/lib/processes.test.ts.

const ROOT = path.resolve(import.meta.dirname, "../..");
const ports = { app: Number(process.env.PORT), sandbox: Number(process.env.SANDBOX_PORT) };
if (!ports.app || !ports.sandbox) throw new Error("Set PORT and SANDBOX_PORT (ports of your own).");

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

for (const [name, port] of Object.entries(ports))
  if (await listening(port)) throw new Error(`${name} port ${port} is in use already`);
const start = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/start.ts")], {
  cwd: ROOT,
  env: process.env,
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  start.stdout.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (chunk.toString().includes("Ledgerlane is ready")) resolve();
  });
  start.once("exit", (code) => reject(new Error(`npm start exited before it was ready (${code})`)));
});
for (const [name, port] of Object.entries(ports))
  if (!(await listening(port))) throw new Error(`${name} port ${port} is not listening`);
const killedAt = performance.now();
start.kill("SIGKILL");
const freed = await until(async () => !(await listening(ports.app)) && !(await listening(ports.sandbox)), 10_000);
const left: string[] = [];
for (const [name, port] of Object.entries(ports)) if (await listening(port)) left.push(`${name} (${port})`);
console.log(
  freed
    ? `PASS: app port ${ports.app} and sandbox port ${ports.sandbox} free ${Math.round(performance.now() - killedAt)} ms after kill -9`
    : `FAIL: still listening 10 s after kill -9: ${left.join(", ")}`,
);
process.exit(freed ? 0 : 1);
