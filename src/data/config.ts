/**
 * The service bases of DESIGN.md section 4. Pointing the client at another broker is a change
 * here (or of VITE_BROKER_ORIGIN at build time), never a code change elsewhere.
 */
const origin = (import.meta.env?.VITE_BROKER_ORIGIN as string | undefined) ?? "";

/** The broker's origin ("" for the page's own), for its root paths such as /health. */
export const brokerOrigin = origin;

export const bases = {
  auth: `${origin}/auth/`,
  core: `${origin}/core/`,
  wrapper: `${origin}/wrapper/`,
  sso: `${origin}/sso/`,
  span: `${origin}/span/`,
  charts: `${origin}/charts/`,
  dev: `${origin}/dev/`,
} as const;

/**
 * The feed's WebSocket URL from the broker's answer (GET /core/feed/config): a ws:// or wss:// URL is an
 * external broker's and used as it is; a path (the embedded /feed) is on the broker's own origin.
 */
export function feedUrl(configured: string, location: { protocol: string; host: string }): string {
  if (/^wss?:\/\//i.test(configured)) return configured;
  const own = origin ? origin.replace(/^http/, "ws") : `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}`;
  return `${own}${configured}`;
}

/** Constants of access-and-surroundings section 9. */
export const APP_VERSION = "1.0.0";
export const APP_BUILD = "1.0.04";
export const EXCHANGE_VERSION = "1.0.07";
export const BUILT_ON = "23-09-2025";
export const AUTH_APP_VERSION = "A.0.0.1";
export const APP_NAME = "TAPE";
export const OS_NAME = "WEB";
export const TOAST_MS = 4500;
/** Order, modify and cancel errors stay a little longer (trading-core section 8). */
export const ORDER_ERROR_TOAST_MS = 5000;

/**
 * The profile menu's pages outside the product ("Profile, Reports, Need Help … redirect out of
 * the product"): Reports and Need Help open these in a new tab. Set VITE_REPORTS_URL and
 * VITE_HELP_URL at build time for a real broker's back office and help desk.
 */
export const EXTERNAL_PAGES = {
  reports: (import.meta.env?.VITE_REPORTS_URL as string | undefined) ?? "https://reports.tape.example/",
  help: (import.meta.env?.VITE_HELP_URL as string | undefined) ?? "https://help.tape.example/",
} as const;
