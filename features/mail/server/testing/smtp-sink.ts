import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message a test's SMTP server took (answered 250 to). */
export interface ReceivedMail {
  to: string[];
  messageId: string | null;
  raw: string;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** The next `n` messages are refused with this reply code (e.g. 451 transient, 550 permanent). */
  refuseNext(n: number, code: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server for tests (smtp-server), on a free port of 127.0.0.1. `answerDelayMs` makes
 * it slow to answer the end of each message; a message counts as received only when its 250 goes
 * to a client still connected (a client that died before the answer never learnt it was sent).
 * `onMessageEnd` is told each time a message's data has ended (its answer, maybe delayed, follows).
 */
export async function startSmtpSink(
  options: {
    answerDelayMs?: number;
    port?: number;
    onMessageEnd?: (messages: number) => void;
    /** Awaited before the 250 goes out (a test readies what the sender meets next). */
    beforeAnswer?: (messages: number) => Promise<void>;
  } = {},
): Promise<SmtpSink> {
  let ended = 0;
  const received: ReceivedMail[] = [];
  const closed = new Set<string>();
  let refusals = { left: 0, code: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals.left > 0) {
          refusals.left -= 1;
          const error = Object.assign(new Error("refused by the test"), { responseCode: refusals.code });
          callback(error);
          return;
        }
        ended += 1;
        options.onMessageEnd?.(ended);
        const answer = () => {
          if (closed.has(session.id)) return callback(new Error("client gone"));
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null,
            raw,
          });
          callback();
        };
        const count = ended;
        const ready = options.beforeAnswer ? options.beforeAnswer(count) : Promise.resolve();
        void ready.then(() => {
          if (options.answerDelayMs) setTimeout(answer, options.answerDelayMs);
          else answer();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    refuseNext(n, code) {
      refusals = { left: n, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
