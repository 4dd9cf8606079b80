import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyHttpOptions, FastifyInstance } from "fastify";
import { TRANSPORT_CODES, type TransportCode } from "../../src/core/errors/transport.js";
import { fail, type Envelope } from "../envelope.js";
import { FEED_PATH } from "../feed/embedded.js";

/** An idle kept-alive connection closes after this long (or the request timeout, if shorter). */
const KEEP_ALIVE_MS = 5_000;

/**
 * The server's clock on a slow or silent peer. `timeoutMs` bounds how long a request may take
 * to arrive (headers, then the whole body) and how long a connection may be silent; Node checks
 * its headers and request deadlines every `connectionsCheckingInterval`, so that interval is a
 * small part of the limit and a half-sent request closes within it plus a little. An upgraded
 * feed socket is the WebSocket library's (it clears the idle timer; MQTT keep-alive rules it).
 */
export function timeoutOptions(timeoutMs: number): Pick<FastifyHttpOptions<Server>, "connectionTimeout" | "keepAliveTimeout" | "requestTimeout" | "http" | "clientErrorHandler"> {
  return {
    connectionTimeout: timeoutMs,
    keepAliveTimeout: Math.min(KEEP_ALIVE_MS, timeoutMs),
    requestTimeout: timeoutMs,
    clientErrorHandler: answerClientError,
    http: { headersTimeout: timeoutMs, connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(timeoutMs / 10))) },
  };
}

/**
 * A request the HTTP parser refuses before fastify sees it (timed out, headers too large,
 * not HTTP) is answered in the envelope, then the connection closes.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code]: [string, TransportCode] =
    err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? ["408 Request Timeout", "EC408"] : err.code === "HPE_HEADER_OVERFLOW" ? ["431 Request Header Fields Too Large", "EC431"] : ["400 Bad Request", "EC400"];
  if (socket.writable) socket.write(rawAnswer(status, fail(code, TRANSPORT_CODES[code])));
  socket.destroy();
}

function rawAnswer(status: string, envelope: Envelope): string {
  const body = JSON.stringify(envelope);
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * The live feed is the one WebSocket of the broker: an upgrade request for any other path
 * (the same test as the feed's own: the path before any query, exactly) is answered 404 in
 * the envelope and closed, never left open.
 */
export function refuseStrayUpgrades(app: FastifyInstance): void {
  app.server.on("upgrade", (req: IncomingMessage, socket: Duplex) => {
    if ((req.url ?? "").split("?")[0] === FEED_PATH) return;
    socket.end(rawAnswer("404 Not Found", fail("EC404", `${TRANSPORT_CODES.EC404}: no WebSocket here`)));
  });
}
