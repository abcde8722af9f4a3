// What the app's main thread and its operations thread say to each other (./start.ts, ./entry.ts).

/** Given to the thread at its start. */
export interface OpsThreadData {
  port: number;
  host: string;
  databaseUrl: string;
  heartbeat: SharedArrayBuffer;
  /** Paths the thread asks the main thread to answer (its metrics live there). */
  forwardedPaths: string[];
  /** Not ready once the main thread's event loop has not turned for this long. */
  readyStallMs: number;
  /** Not alive (a process manager restarts it) once the event loop has not turned for this long. */
  liveStallMs: number;
}

export type FromThread =
  | { type: "listening"; url: string }
  | { type: "failed"; message: string }
  | { type: "forward"; id: number; path: string };

export type ToThread =
  { type: "answer"; id: number; status: number; headers: [string, string][]; body: ArrayBuffer } | { type: "close" };
