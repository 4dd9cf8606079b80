import type { FastifyInstance, FastifyRequest } from "fastify";

/** A Host header that is a plain host name or address with an optional port, safe to repeat in a header. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The app's Content-Security-Policy.
 * - script-src 'self': the built app is module scripts from its own origin; nothing inline, no eval.
 * - style-src 'self' 'unsafe-inline': the built CSS is a file, but react-hot-toast (goober) writes
 *   its rules into a <style> element at run time, which 'self' alone blocks; inline style is
 *   allowed, inline script never. (React's style={} props set styles through the DOM, which CSP
 *   does not govern.)
 * - img-src data:: the authenticator QR code is a data: image (qrcode).
 * - worker-src blob:: the feed's MQTT client (mqtt.js, through worker-timers) runs its keep-alive
 *   timer in a Worker made from a blob: URL, so that pings are not throttled in a background tab.
 *   A blob: URL can only be made by script already running in the page.
 * - connect-src: the calls go to the same origin; the live feed is a WebSocket on the same host
 *   and port (ws:// or wss:// beside http(s)://), named explicitly because browsers before
 *   CSP Level 3 do not count ws: as 'self'. The host is the request's own, when it is a plain
 *   host[:port]; anything else gets 'self' only. With the feed on an external broker
 *   (MQTT_URL), its WebSocket origin (FEED_PUBLIC_URL, or every edge's of FEED_PUBLIC_URLS) is
 *   allowed too, and nothing else.
 * - frame-ancestors 'none' (and X-Frame-Options DENY for older browsers): no framing, no clickjacking;
 *   the charts host's chart pages alone say 'self' (and SAMEORIGIN): the app embeds them in a pane.
 */
export function contentSecurityPolicy(host: string | undefined, externalFeedUrl?: string | readonly string[], frameAncestors: "'none'" | "'self'" = "'none'"): string {
  const ownFeed = host && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : "";
  // A cluster's edges (FEED_PUBLIC_URLS): each one's origin, since the app fails over between them.
  const external = externalFeedUrl === undefined ? [] : typeof externalFeedUrl === "string" ? [externalFeedUrl] : externalFeedUrl;
  const feed = `${ownFeed}${[...new Set(external.map((u) => new URL(u).origin))].map((o) => ` ${o}`).join("")}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "worker-src 'self' blob:",
    `connect-src 'self'${feed}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** A source map: never served, even when a build left one in the folder (they hold the source). */
export function isSourceMap(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // An undecodable path is judged as written.
  }
  return /\.map$/i.test(decoded.split("?")[0] ?? "");
}

/**
 * Every answer carries nosniff, no-referrer and DENY; every answer without a policy of its own
 * (the SSO demo page sets a stricter one) carries the app's CSP, so the app's pages and files
 * and any error page in between are covered alike. Every answer without a caching rule of its own
 * is `Cache-Control: no-store`: an API answer is one client's book, which no shared cache and no
 * back button may show again. The built app's files (and /docs' files) keep the caching the
 * static server gives them, which it sets before this hook runs.
 */
export function registerSecurityHeaders(app: FastifyInstance, externalFeedUrl?: string | readonly string[]): void {
  // The policy of the last Host seen: every call of an app names the same one, and building the text is most of this hook.
  let lastHost: string | undefined;
  let lastPolicy = contentSecurityPolicy(undefined, externalFeedUrl);
  const policyFor = (host: string | undefined) => {
    if (host !== lastHost) {
      lastPolicy = contentSecurityPolicy(host, externalFeedUrl);
      lastHost = host;
    }
    return lastPolicy;
  };
  // A callback hook, not an async one: no promise and no extra turn for every answer.
  app.addHook("onSend", (req: FastifyRequest, reply, payload, done) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "no-referrer");
    if (!reply.hasHeader("x-frame-options")) reply.header("x-frame-options", "DENY");
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", policyFor(req.headers.host));
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}
