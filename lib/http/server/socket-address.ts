import type { IncomingMessage } from "node:http";

/**
 * The address of the connection a request came on, for the app's code behind Next (route
 * handlers see headers, not sockets). The app's HTTP server (server.ts) sets this header on every
 * request before Next sees it, replacing whatever a client sent under that name, so it is always
 * the socket's. Read it through ./client-address.ts, never directly. Pure: server.ts imports it.
 */
export const SOCKET_ADDRESS_HEADER = "x-ledgerlane-socket-address";

export function stampSocketAddress(request: IncomingMessage): void {
  // Every spelling a client might send (Node lower-cases names; a repeated header is joined).
  delete request.headers[SOCKET_ADDRESS_HEADER];
  const address = request.socket.remoteAddress;
  if (address) request.headers[SOCKET_ADDRESS_HEADER] = address;
}
