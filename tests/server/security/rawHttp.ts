import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given on a plain socket and reads the answer until the server closes
 * the connection. fetch would normalise the request target (absolute form, percent-encoding),
 * which is what these tests must not let it do. The request should carry `Connection: close`.
 */
export function rawRequest(url: string, bytes: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = split < 0 ? text : text.slice(0, split);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(":");
        if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      let body = split < 0 ? "" : text.slice(split + 4);
      if (headers["transfer-encoding"] === "chunked") body = unchunk(body);
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body });
    });
    socket.write(bytes);
  });
}

function unchunk(s: string): string {
  let out = "";
  let rest = s;
  for (;;) {
    const nl = rest.indexOf("\r\n");
    if (nl < 0) return out;
    const size = parseInt(rest.slice(0, nl), 16);
    if (!(size > 0)) return out;
    out += rest.slice(nl + 2, nl + 2 + size);
    rest = rest.slice(nl + 2 + size + 2);
  }
}

/** A request line and headers; the body, when given, goes as JSON with its length. */
export function requestBytes(method: string, target: string, host: string, opts: { bearer?: string; body?: string; contentType?: string; headers?: Record<string, string> } = {}): string {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, "Connection: close"];
  if (opts.bearer) lines.push(`Authorization: Bearer ${opts.bearer}`);
  for (const [k, v] of Object.entries(opts.headers ?? {})) lines.push(`${k}: ${v}`);
  if (opts.body !== undefined) {
    lines.push(`Content-Type: ${opts.contentType ?? "application/json"}`, `Content-Length: ${Buffer.byteLength(opts.body)}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n${opts.body ?? ""}`;
}
