import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * How a chart page is authorised (issue 15). The spec says only: "A chart auth cookie lasts 8
 * hours." Tape's decision:
 *
 * - The first load carries a chart ticket in its URL, minted by POST /charts/ticket for the
 *   signed-in user (bearer). A ticket lives 60 seconds on the broker's clock, is signed with the
 *   broker's chart key and can be used once. The access token is never put in a URL: URLs end
 *   up in history, logs and screenshots, and the access token opens every service, while a
 *   ticket opens one chart page once, for one minute.
 * - The page answers the ticket with the chart cookie (HttpOnly, SameSite=Strict, Path=/charts,
 *   8 hours) and sends the browser to the same URL without the ticket. The cookie names the
 *   client and the instant it was issued on the broker's clock, and is signed; the broker, not
 *   the browser's Max-Age, decides when 8 hours are up, so a moved clock expires it too.
 * - The key lives in the data folder: a restart keeps every cookie valid ("a restart loses nothing").
 */
export const CHART_COOKIE = "tape_chart";
/** "Chart auth cookie lifetime: 8 hours" (trading-core section 9). */
export const CHART_COOKIE_MS = 8 * 3600_000;
export const CHART_TICKET_MS = 60_000;

export function chartKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "chart.key");
  try {
    const key = fs.readFileSync(file);
    if (key.length === 32) return key;
  } catch {
    // First start: no key yet.
  }
  const key = crypto.randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const unb64 = (s: string) => Buffer.from(s, "base64url").toString("utf8");

function sign(key: Buffer, kind: string, body: string): string {
  return crypto.createHmac("sha256", key).update(`${kind}\n${body}`).digest("base64url");
}

function verify(key: Buffer, kind: string, token: string): string | undefined {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const want = Buffer.from(sign(key, kind, body), "base64url");
  if (given.length !== want.length || !crypto.timingSafeEqual(given, want)) return undefined;
  return body;
}

interface Claims {
  clientCode: string;
  /** Broker-clock epoch ms. */
  at: number;
  /** A ticket's once-only id; "" for a cookie. */
  id: string;
}

function seal(key: Buffer, kind: string, c: Claims): string {
  const body = b64(JSON.stringify(c));
  return `${body}.${sign(key, kind, body)}`;
}

function open(key: Buffer, kind: string, token: string): Claims | undefined {
  const body = verify(key, kind, token);
  if (body === undefined) return undefined;
  try {
    const c = JSON.parse(unb64(body)) as Partial<Claims>;
    if (typeof c.clientCode !== "string" || typeof c.at !== "number" || typeof c.id !== "string") return undefined;
    return { clientCode: c.clientCode, at: c.at, id: c.id };
  } catch {
    return undefined;
  }
}

/** Tickets and cookies of one broker: one key, one clock, and the tickets already used. */
export class ChartAuth {
  private readonly used = new Map<string, number>();

  constructor(
    private readonly key: Buffer,
    private readonly now: () => Date,
  ) {}

  mintTicket(clientCode: string): string {
    return seal(this.key, "ticket", { clientCode, at: this.now().getTime(), id: crypto.randomBytes(12).toString("base64url") });
  }

  /** The client of a valid, fresh, unused ticket (now used up), or undefined. */
  redeemTicket(ticket: string): string | undefined {
    const c = open(this.key, "ticket", ticket);
    const t = this.now().getTime();
    for (const [id, at] of this.used) if (t - at > CHART_TICKET_MS) this.used.delete(id);
    if (!c || t - c.at > CHART_TICKET_MS || t < c.at || this.used.has(c.id)) return undefined;
    this.used.set(c.id, c.at);
    return c.clientCode;
  }

  cookieValue(clientCode: string): string {
    return seal(this.key, "cookie", { clientCode, at: this.now().getTime(), id: "" });
  }

  /** The Set-Cookie header of a fresh chart cookie. */
  setCookie(clientCode: string): string {
    return `${CHART_COOKIE}=${this.cookieValue(clientCode)}; Max-Age=${CHART_COOKIE_MS / 1000}; Path=/charts; HttpOnly; SameSite=Strict`;
  }

  /** The client of the request's chart cookie while it is under 8 hours old on the broker's clock. */
  clientOfCookie(cookieHeader: string | undefined): string | undefined {
    const value = readCookie(cookieHeader, CHART_COOKIE);
    const c = value ? open(this.key, "cookie", value) : undefined;
    const t = this.now().getTime();
    if (!c || t < c.at || t - c.at >= CHART_COOKIE_MS) return undefined;
    return c.clientCode;
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
