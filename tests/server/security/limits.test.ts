import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "../../../src/core/errors.js";
import { startBroker, type TestBroker } from "../harness.js";
import { codeOf, envelopeProblem } from "./envelope.js";
import { rawRequest, requestBytes } from "./rawHttp.js";

/** The configured limit for this test: short, so that the test is quick. */
const TIMEOUT_MS = 400;
/**
 * How long the test waits for the broker to close a socket before calling it left open: far
 * longer than the limit, so a loaded machine cannot fail the test, and far shorter than the
 * minutes an unlimited server keeps it.
 */
const GIVE_UP_MS = 15_000;

/**
 * Opens a socket, writes `bytes` (possibly nothing), then `drip` one character at a time every
 * quarter of the limit (never silent long enough for the idle timeout), and tells whether the
 * broker closed it.
 */
function closedByBroker(url: string, bytes: string, drip = ""): Promise<"closed" | "left open"> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let dripped = 0;
    const dripper = setInterval(() => {
      if (dripped < drip.length && socket.writable) socket.write(drip[dripped++] ?? "");
    }, TIMEOUT_MS / 4);
    const socket = net.connect(Number(port), hostname, () => {
      if (bytes) socket.write(bytes);
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve("left open");
    }, GIVE_UP_MS);
    socket.on("close", () => clearInterval(dripper));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve("closed");
    });
    socket.resume();
  });
}

/** Issue 12 item 5: request, header and idle timeouts; upgrades only on /feed; a count limit on orders. */
describe("timeouts and limits", () => {
  let b: TestBroker;
  let host: string;
  let token: string;
  beforeAll(async () => {
    b = await startBroker({ HTTP_TIMEOUT_MS: String(TIMEOUT_MS) });
    host = new URL(b.url).host;
    token = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  it("closes a socket that never sends a byte", async () => {
    expect(await closedByBroker(b.url, "")).toBe("closed");
  });

  it("closes a request whose headers never end", async () => {
    expect(await closedByBroker(b.url, `POST /core/limits HTTP/1.1\r\nHost: ${host}\r\nX-Slow: 1\r\n`)).toBe("closed");
  });

  it("closes a request that drips its headers slower than the request timeout allows", async () => {
    expect(await closedByBroker(b.url, `GET /health HTTP/1.1\r\nHost: ${host}\r\n`, "X-Slow: " + "a".repeat(400))).toBe("closed");
  });

  it("closes a request whose body never ends", async () => {
    const head = `POST /core/limits HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`;
    expect(await closedByBroker(b.url, head)).toBe("closed");
  });

  it("closes a kept-alive connection left idle after its answer", async () => {
    const bytes = `GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`;
    expect(await closedByBroker(b.url, bytes)).toBe("closed");
  });

  it.each([["/core/profile"], ["/feeds"], ["/%66eed"], ["/"]])("closes an upgrade request for %s", async (path) => {
    const bytes = `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
    expect(await closedByBroker(b.url, bytes)).toBe("closed");
    const res = await rawRequest(b.url, bytes);
    expect(envelopeProblem({ ...res, status: res.status })).toBe("");
    expect(codeOf(res)).toBe("EC404");
  });

  it("refuses a 250,000-order array with the count limit, placing nothing", async () => {
    const order = { exchange: "NSEEQ", instrumentId: "2885", transactionType: "BUY", quantity: 1, product: "INTRADAY", orderComplexity: "REGULAR", orderType: "MARKET", validity: "DAY" };
    const body = JSON.stringify(Array.from({ length: 250_000 }, () => ({})));
    const res = await rawRequest(b.url, requestBytes("POST", "/core/v2/orders/", host, { bearer: token, body }));
    expect(envelopeProblem(res)).toBe("");
    expect(codeOf(res)).toBe("EC958");
    // 51 real orders: one over the limit of 50 (server/orders/README.md); none is placed.
    const over = await rawRequest(b.url, requestBytes("POST", "/core/v2/orders/", host, { bearer: token, body: JSON.stringify(Array.from({ length: 51 }, () => order)) }));
    expect(codeOf(over)).toBe("EC958");
    expect((JSON.parse(over.body) as { message: string }).message).toBe(`${ERROR_CATALOGUE.EC958}: at most 50 in one request`);
    expect(b.broker.orders.orderBook("DEMO1")).toEqual([]);
  });

  it("refuses a SPAN request of 51 legs with the count limit", async () => {
    const leg = { exchange: "NSEEQ", instrumentId: "2885", transactionType: "BUY", quantity: 1 };
    const res = await rawRequest(b.url, requestBytes("POST", "/span/spanexposure", host, { bearer: token, body: JSON.stringify(Array.from({ length: 51 }, () => leg)) }));
    expect(codeOf(res)).toBe("EC958");
  });
});
