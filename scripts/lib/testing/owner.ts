import { ProcessGroup, waitForHttp } from "../processes";

// An owner as `npm start` is one (scripts/start.ts): a ProcessGroup whose Node child serves HTTP on
// argv[2], with a graceful stop of its own on SIGTERM as the app's server has. Prints `ready` once
// the child answers, with the child's pid (for the test to clean up after a failure). processes.test.ts kills this process with SIGKILL and watches the child go.
const port = Number(process.argv[2]);
const server = `
  const server = require("node:http").createServer((request, response) => response.end("ok"));
  server.listen(${port}, "127.0.0.1");
  process.on("SIGTERM", () => server.close(() => process.exit(143)));
`;
const group = new ProcessGroup();
group.stopOnSignals();
const child = group.spawn("child", process.execPath, ["-e", server]);
await waitForHttp(`http://127.0.0.1:${port}/`, 20_000);
console.log(`ready ${child.pid}`);
