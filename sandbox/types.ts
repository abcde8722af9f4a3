import type { IncomingHttpHeaders } from "node:http";

/** A request as the sandbox's service modules see it: fully read, already routed. */
export interface SandboxRequest {
  method: string;
  /** Path below the module's mount point, starting with "/" (e.g. "/v1/companies"). */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A response as a service module produces it. Modules never write to the socket
 * themselves, so the server can inject faults around them (latency, errors,
 * "commit, then drop the connection").
 */
export interface SandboxResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type SandboxHandler = (req: SandboxRequest) => Promise<SandboxResponse> | SandboxResponse;
