import net from "node:net";
import { performance } from "node:perf_hooks";

export type Answer = { status: string; message: string; result: Array<Record<string, unknown>> };
export type Post = (path: string, body: unknown) => Promise<Answer>;
export type Get = (path: string) => Promise<Answer>;

/**
 * The benchmark's HTTP clients: one kept-alive connection each, speaking HTTP/1.1 over a plain
 * socket (the request written in one piece, the answer read by its Content-Length), as load
 * generators such as wrk and autocannon do. The clients share the broker's two cores: node:http
 * cost them 70-85 µs of CPU per call and this 30 (and `fetch` about four times node:http), CPU
 * the broker then has for itself. Each call still waits for its whole answer, parsed.
 */
export function httpClients(url: string, count: number) {
  const { hostname, port } = new URL(url);
  let authorization = "";
  const connections = Array.from({ length: count }, () => connection(hostname, Number(port), () => authorization));
  return {
    connections: connections.map((c) => c.post),
    /** The same connections' GET (the /health baseline rides the connection the orders use). */
    gets: connections.map((c) => c.get),
    async signIn(userId: string) {
      const login = await connections[0]!.post("/dev/session", { userId });
      authorization = `Bearer ${login.result[0]?.accessToken as string}`;
    },
    close: () => connections.forEach((c) => c.close()),
  };
}

/**
 * The broker closes a connection idle for 5 s (server/http/limits.ts); one idle nearly that long
 * is replaced before a call rather than risk the broker closing it as the call goes out.
 */
const IDLE_REOPEN_MS = 4_000;

/** One client's connection, one call at a time; reopened if the broker closed it (or may be about to) while idle. */
function connection(host: string, port: number, authorization: () => string): { post: Post; get: Get; close(): void } {
  let socket: net.Socket | undefined;
  let lastUsed = 0;
  let waiting: { resolve: (a: Answer) => void; reject: (err: Error) => void } | undefined;
  let received: Buffer = Buffer.alloc(0);
  const fail = (err: Error) => {
    const w = waiting;
    waiting = undefined;
    w?.reject(err);
  };
  const read = (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    const headEnd = received.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = received.toString("latin1", 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) return fail(new Error(`an answer without Content-Length: ${head}`));
    const end = headEnd + 4 + Number(length);
    if (received.length < end) return;
    const body = received.toString("utf8", headEnd + 4, end);
    received = received.subarray(end);
    const w = waiting;
    waiting = undefined;
    lastUsed = performance.now();
    try {
      w?.resolve(JSON.parse(body) as Answer);
    } catch (err) {
      w?.reject(err as Error);
    }
  };
  const open = () => {
    const s = net.connect({ host, port, noDelay: true });
    // Only the current socket speaks: one replaced while idle may still report its closing.
    s.on("data", (chunk: Buffer) => socket === s && read(chunk));
    s.on("error", (err) => socket === s && fail(err));
    s.on("close", () => {
      if (socket !== s) return;
      socket = undefined;
      received = Buffer.alloc(0);
      fail(new Error("the broker closed the connection during a call"));
    });
    return s;
  };
  const call = (request: (auth: string) => string) =>
    new Promise<Answer>((resolve, reject) => {
      if (waiting) return reject(new Error("one call at a time on a connection"));
      waiting = { resolve, reject };
      const auth = authorization();
      const now = performance.now();
      if (socket && now - lastUsed > IDLE_REOPEN_MS) {
        socket.destroy();
        socket = undefined;
      }
      lastUsed = now;
      socket ??= open();
      socket.write(request(auth ? `Authorization: ${auth}\r\n` : ""));
    });
  const post: Post = (path, body) => {
    const payload = JSON.stringify(body);
    return call((auth) => `POST ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n${auth}\r\n${payload}`);
  };
  const get: Get = (path) => call((auth) => `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\n${auth}\r\n`);
  return { post, get, close: () => socket?.destroy() };
}
