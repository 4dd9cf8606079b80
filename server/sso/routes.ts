import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AUTH_CODES } from "../../src/core/errors/auth.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { bearerOf, userOfToken } from "../sessions.js";
import { authFail } from "../auth/reply.js";
import { route } from "../http/wire.js";
import { authorizeVendor, ssoDemoCallback, vendorDetails, vendorDetailsGet } from "../../src/core/wire/sso.js";

interface VendorRow {
  appkey: string;
  app_name: string;
  sso_type: "VENDOR" | "SELF";
  redirect_url: string;
}

/** An authCode lives 5 minutes and is used once (our decision). */
const AUTH_CODE_MS = 5 * 60_000;

/**
 * The broker's own origin as a registered redirect sees it. The demo vendor is stored with
 * "{origin}/sso-demo/callback" and {origin} is http://127.0.0.1:<the port actually listened
 * on>, so the registered redirect is http://127.0.0.1:8080/sso-demo/callback on the default
 * port and follows PORT (and the free ports of tests). It is never taken from the request's
 * Host header, which the caller controls.
 */
function registeredRedirect(app: FastifyInstance, ctx: BrokerContext, template: string): string {
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : ctx.config.port;
  return template.replace("{origin}", `http://127.0.0.1:${port}`);
}

function text(v: string | undefined): string | undefined {
  return v !== undefined && v !== "" ? v : undefined;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function registerSso(app: FastifyInstance, ctx: BrokerContext): void {
  const vendorOf = (appkey: string | undefined) =>
    appkey ? (ctx.db.prepare("SELECT * FROM sso_vendors WHERE appkey = ?").get(appkey) as VendorRow | undefined) : undefined;

  // vendor (or appkey): appName, appkey, ssoType. Method not shown: GET and POST both work.
  const details = (p: { vendor?: string; appkey?: string }) => {
    const vendor = vendorOf(text(p.vendor) ?? text(p.appkey));
    if (!vendor) return authFail("EC047");
    return ok([{ appName: vendor.app_name, appkey: vendor.appkey, ssoType: vendor.sso_type }]);
  };
  route(app, vendorDetailsGet, async (req) => details(req.query));
  route(app, vendorDetails, async (req) => details(req.body));

  /**
   * userId, vendor (and optionally the redirectUrl the vendor asked for): a bearer-signed
   * client authorises the vendor. A requested redirect is honoured only when it is exactly,
   * character for character, the vendor's registered one: no parsing, no normalising, so
   * look-alike hosts, userinfo, encodings, other ports and schemes can never slip through.
   */
  route(app, authorizeVendor, async (req, reply) => {
    const userId = userOfToken(ctx.db, bearerOf(req));
    if (!userId) return reply.status(401).send(fail("EC044", "Invalid session"));
    const p = req.body;
    const named = text(p.userId);
    if (named && named.toUpperCase() !== userId.toUpperCase()) return authFail("EC044");
    const vendor = vendorOf(text(p.vendor) ?? text(p.appkey));
    if (!vendor) return authFail("EC047");
    const registered = registeredRedirect(app, ctx, vendor.redirect_url);
    const requested = p.redirectUrl ?? p.redirect_uri ?? p.redirectUri;
    if (requested !== undefined && requested !== registered) return fail("EC046", AUTH_CODES.EC046);
    const authCode = crypto.randomBytes(24).toString("base64url");
    ctx.db.prepare("INSERT INTO sso_auth_codes (code, appkey, user_id, expires_at) VALUES (?, ?, ?, ?)").run(authCode, vendor.appkey, userId, ctx.clock.now().getTime() + AUTH_CODE_MS);
    const redirectUrl = `${registered}?${new URLSearchParams({ authCode, clientCode: userId, appkey: vendor.appkey }).toString()}`;
    return ok([{ redirectUrl }]);
  });

  // The demo vendor's landing page: shows exactly what arrived, so an SSO round trip can be seen.
  route(app, ssoDemoCallback, async (req, reply) => {
    const q = req.query;
    const rows = Object.entries(q)
      .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td data-param="${escapeHtml(k)}">${escapeHtml(String(v))}</td></tr>`)
      .join("");
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Demo vendor: SSO callback</title>` +
          `<style>body{font:14px monospace;background:#111;color:#ddd;padding:2em}th{text-align:left;padding-right:2em;color:#8c8}</style></head>` +
          `<body><h1>Demo vendor received</h1><table id="received">${rows || "<tr><td>nothing</td></tr>"}</table></body></html>`,
      );
  });
}
