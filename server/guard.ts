import type { FastifyInstance, onRequestHookHandler, RouteOptions } from "fastify";
import type { BrokerContext } from "./context.js";
import { fail } from "./envelope.js";
import { bearerOf, userOfToken } from "./sessions.js";

/**
 * Who may call a route: "session" needs the access token as bearer (DESIGN.md section 5) and
 * runs as its user; "open" needs none (the auth and SSO calls that take a bearer check it
 * themselves, as part of their own step).
 */
export type Access = "session" | "open";

/**
 * Every route of the broker, by the pattern it is registered with, and its access: the one list
 * of protected routes. The guard is attached to the route itself when it is registered, so it
 * runs on whatever route the router picked, whatever spelling of the path reached it
 * (percent-encoded letters, absolute-form targets). A route missing here stops the start-up.
 */
export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  "/health": "open",

  "/core/profile": "session",
  "/core/sessions": "session",
  "/core/sessions/revokeOthers": "session",
  "/core/limits": "session",
  "/core/search": "session",
  "/core/v2/security/info": "session",
  "/core/v2/contractChain": "session",
  "/core/v2/aliases": "session",
  "/core/v2/aliases/save": "session",
  "/core/v2/aliases/delete": "session",
  "/core/v2/chart-drawings": "session",
  "/core/v2/chart-drawings/save": "session",
  "/core/v2/chart-drawings/delete": "session",
  "/core/v2/chart-drawings/alert": "session",
  "/core/v2/charts/template": "session",
  "/core/v2/charts/template/save": "session",
  "/core/v2/workspaces": "session",
  "/core/v2/workspaces/save": "session",
  "/core/v2/workspaces/rename": "session",
  "/core/v2/workspaces/delete": "session",
  "/core/v2/strategies": "session",
  "/core/v2/strategies/save": "session",
  "/core/v2/strategies/delete": "session",
  "/core/v2/replay/days": "session",
  "/core/v2/replay/state": "session",
  "/core/v2/replay/start": "session",
  "/core/v2/replay/stop": "session",
  "/core/v2/replay/control": "session",
  "/core/v2/replay/report": "session",
  "/core/v2/replay/markers": "session",
  "/core/v2/client-util/startbar/get": "session",
  "/core/feed/config": "session",
  "/core/v2/client-util/idea/details": "session",
  "/core/v2/client-util/idea/get/gainer/loser": "session",
  "/core/v2/client-util/market/equity/:list": "session",
  "/core/v2/client-util/market/etf": "session",
  "/core/startbar/add": "session",
  "/core/v2/orders": "session",
  "/core/v2/orders/": "session",
  "/core/v2/orders/cancelAll": "session",
  "/core/v2/orders/rateBudget": "session",
  "/core/v2/orders/book": "session",
  "/core/v2/orders/trades": "session",
  "/core/v2/orders/:orderNo": "session",
  "/core/v2/orders/:id": "session",
  "/core/v2/preordermargin": "session",
  "/core/v2/positions": "session",
  "/core/v2/holdings": "session",
  "/core/v2/funds/add": "session",
  "/core/marketWatch/getAllMwScripsDetails": "session",
  "/core/addscrip": "session",
  "/core/deletescrip": "session",
  "/core/sortMwScrips": "session",
  "/core/renameMW": "session",
  "/core/scrip/recentlyViewed": "session",
  "/core/optionchain": "session",
  "/core/v2/oi-history": "session",
  "/core/basketorder/create": "session",
  "/core/basketorder/rename": "session",
  "/core/basketorder/get": "session",
  "/core/basketorder/get/scrips/:basketId": "session",
  "/core/basketorder/add/scrips": "session",
  "/core/basketorder/delete/:basketId": "session",
  "/core/basketorder/delete/scrips": "session",
  "/core/basketorder/run/begin": "session",
  "/core/basketorder/run/refused": "session",
  "/core/v2/alerts": "session",
  "/core/v2/alerts/:alertId": "session",
  "/core/v2/sips": "session",
  "/core/v2/sips/:sipId": "session",
  "/core/v2/risk/killswitch": "session",
  "/core/v2/risk/killswitch/on": "session",
  "/core/v2/risk/limits": "session",
  "/core/v2/risk/limits/set": "session",
  "/core/v2/desk/presets": "session",
  "/core/v2/desk/presets/save": "session",
  "/core/v2/desk/presets/delete": "session",
  "/core/v2/desk/brackets": "session",
  "/core/v2/desk/brackets/save": "session",
  "/core/v2/desk/brackets/delete": "session",
  "/span/spanexposure": "session",
  "/charts/bars": "session",
  "/charts/ticket": "session",
  "/wrapper/v2/comm-util/formtoken/get": "session",
  "/wrapper/order/getorderlist": "session",
  "/wrapper/order/placeordergtt": "session",
  "/wrapper/order/modifyordergtt": "session",
  "/wrapper/order/cancelordergtt": "session",
  "/wrapper/formtoken/getMarketStatus": "session",
  "/wrapper/formtoken/get/brokerage": "session",
  "/wrapper/formtoken/saveAsmGsm": "session",
  "/wrapper/formtoken/getFeedBack": "session",
  "/wrapper/formtoken/getPinDetails": "session",
  "/wrapper/formtoken/updatePinDetails": "session",

  "/auth/get/encKey": "open",
  "/auth/client/verify": "open",
  "/auth/client/unblock": "open",
  "/auth/client/unblock/verify": "open",
  "/auth/client/logout": "open",
  "/auth/check/token": "open",
  "/auth/pwd/validate": "open",
  "/auth/pwd/forgot": "open",
  "/auth/pwd/forgot/verify": "open",
  "/auth/pwd/reset": "open",
  "/auth/pwd/change": "open",
  "/auth/otp/send": "open",
  "/auth/otp/validate": "open",
  "/auth/topt/verify": "open",
  "/auth/topt/enable": "open",
  "/auth/scanner/generate": "open",
  "/auth/scanner/get": "open",
  "/auth/sso/getToken": "open",
  "/sso/vendor/details": "open",
  "/sso/vendor/authorize": "open",
  "/sso-demo/callback": "open",
  // The chart pages and their data check the chart ticket or cookie themselves (server/charts/auth.ts).
  "/charts/lightweight": "open",
  "/charts/tradingview": "open",
  "/charts/page/bars": "open",
  "/charts/page/drawings": "open",
  "/charts/page/order-lines": "open",

  // The API reference and its OpenAPI document (server/http/docs.ts): public, as a broker's developer portal is.
  "/docs": "open",
  "/docs/": "open",
  "/docs/static/index.html": "open",
  "/docs/static/swagger-initializer.js": "open",
  "/docs/json": "open",
  "/docs/yaml": "open",
  "/docs/static/*": "open",

  "/dev/session": "open",
  "/dev/price": "open",
  "/dev/outbox": "open",
};

/** A registered route as fastify's router holds it, with the access the guard gave it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in client code, set by the guard on "session" routes; "" elsewhere. */
    userId: string;
  }
}

/**
 * Attaches the session check to every "session" route as it is registered and answers the
 * list of registered routes (fastify's own, filled as routes are added), which the route
 * fuzz walks. The files of the built app (routes the static plugin registers, each naming
 * its file in its config) are open.
 */
export function registerAuthGuard(app: FastifyInstance, ctx: BrokerContext): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  // A callback hook, not an async one: every guarded call pays no promise and no extra turn for it.
  const requireSession: onRequestHookHandler = (req, reply, done) => {
    const userId = userOfToken(ctx.db, bearerOf(req));
    if (!userId) {
      void reply.status(401).send(fail("EC044", "Invalid session"));
      return;
    }
    req.userId = userId;
    done();
  };
  app.decorateRequest("userId", "");
  app.addHook("onRoute", (route: RouteOptions) => {
    const isAppFile = typeof (route.config as { file?: unknown } | undefined)?.file === "string";
    const access = ROUTE_ACCESS[route.url] ?? (isAppFile ? "open" : undefined);
    if (!access) throw new Error(`Route ${route.url} has no access rule: list it in ROUTE_ACCESS (server/guard.ts)`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
    if (access === "session") route.onRequest = [requireSession, ...[route.onRequest ?? []].flat()];
  });
  return routes;
}
