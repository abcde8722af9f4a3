import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * A webhook receiver for tests: a real local HTTP server that verifies every delivery's signature
 * with the Standard Webhooks reference library (with every secret it is given), answers 500 while
 * `failures` says so for a webhook-id, and counts what it accepted per webhook-id.
 */
export interface ReceivedDelivery {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The secrets (by index) whose signature verified. */
  verifiedWith: number[];
  answered: number;
}

export interface Receiver {
  url: string;
  received: ReceivedDelivery[];
  secrets: string[];
  /** Answers 500 to the next `count` deliveries of an event type. */
  failNext(eventType: string, count: number): void;
  /** The bodies accepted (answered 2xx), once per webhook-id. */
  accepted(): { id: string; type: string; data: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startReceiver(secrets: string[] = []): Promise<Receiver> {
  const received: ReceivedDelivery[] = [];
  const failing = new Map<string, number>();
  const acceptedIds = new Map<string, { id: string; type: string; data: Record<string, unknown> }>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const verifiedWith = receiver.secrets.flatMap((secret, index) => {
        try {
          new Webhook(secret).verify(body, headers);
          return [index];
        } catch {
          return [];
        }
      });
      const id = headers["webhook-id"] ?? "";
      const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      const left = failing.get(parsed.type) ?? 0;
      const answered = verifiedWith.length === 0 ? 401 : left > 0 ? 500 : 204;
      if (left > 0) failing.set(parsed.type, left - 1);
      received.push({ id, headers: request.headers, body, verifiedWith, answered });
      if (answered === 204 && !acceptedIds.has(id)) acceptedIds.set(id, { id, type: parsed.type, data: parsed.data });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    secrets,
    failNext: (eventType, count) => failing.set(eventType, count),
    accepted: () => [...acceptedIds.values()],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return receiver;
}
