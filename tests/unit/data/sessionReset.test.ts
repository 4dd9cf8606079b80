import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";

/**
 * "Logout or a 401 clears all stores and local storage (keeping the client code) and returns to /"
 * (access-and-surroundings, "Logout and session loss"). Every store is filled as a signed-in
 * client leaves it, the session ends, and each is found at the value it had before anyone signed
 * in, written out here by hand. The device's theme stays; what the client set up for themselves
 * (keys, layout, settings) leaves memory but stays in storage under its client code (issue 28).
 */


const storage = new MemoryStorage();
// Relative service bases cannot be fetched in node: give them an origin.
vi.stubEnv("VITE_BROKER_ORIGIN", "http://broker.test");
vi.stubGlobal("localStorage", storage);

/** A form token (JWT) that expires in an hour: only its exp claim is read by the client. */
function formJwt(client: string): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${b64({ alg: "HS256" })}.${b64({ sub: client, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

let m: {
  orders: typeof import("../../../src/data/stores/orders");
  gtt: typeof import("../../../src/data/stores/gtt");
  gttApi: typeof import("../../../src/data/api/gtt");
  portfolio: typeof import("../../../src/data/stores/portfolio");
  watchlist: typeof import("../../../src/data/stores/watchlist");
  pinned: typeof import("../../../src/data/stores/pinned");
  orderWindow: typeof import("../../../src/data/stores/orderWindow");
  activeScrip: typeof import("../../../src/data/stores/activeScrip");
  tabs: typeof import("../../../src/data/stores/tabs");
  ui: typeof import("../../../src/data/stores/ui");
  login: typeof import("../../../src/data/stores/login");
  session: typeof import("../../../src/data/stores/session");
  settings: typeof import("../../../src/data/stores/settings");
  workspace: typeof import("../../../src/data/stores/workspace");
  keymap: typeof import("../../../src/commands/keymapStore");
  selection: typeof import("../../../src/commands/selection");
  feed: typeof import("../../../src/feed/session");
};

beforeAll(async () => {
  storage.setItem("theme", "light");
  // The registry's commands: a rebinding is checked against their declared keys.
  await import("../../../src/commands/all");
  m = {
    orders: await import("../../../src/data/stores/orders"),
    gtt: await import("../../../src/data/stores/gtt"),
    gttApi: await import("../../../src/data/api/gtt"),
    portfolio: await import("../../../src/data/stores/portfolio"),
    watchlist: await import("../../../src/data/stores/watchlist"),
    pinned: await import("../../../src/data/stores/pinned"),
    orderWindow: await import("../../../src/data/stores/orderWindow"),
    activeScrip: await import("../../../src/data/stores/activeScrip"),
    tabs: await import("../../../src/data/stores/tabs"),
    ui: await import("../../../src/data/stores/ui"),
    login: await import("../../../src/data/stores/login"),
    session: await import("../../../src/data/stores/session"),
    settings: await import("../../../src/data/stores/settings"),
    workspace: await import("../../../src/data/stores/workspace"),
    keymap: await import("../../../src/commands/keymapStore"),
    selection: await import("../../../src/commands/selection"),
    feed: await import("../../../src/feed/session"),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal("localStorage", storage);
});

function signInAsDemo1(): void {
  m.session.startSession({ clientCode: "DEMO1", accessToken: "token-1", clientName: "Demo Trader One" });
}

describe("ending a session (sign-out, 401) resets every store of the client", () => {
  it("finds each store back at its value before sign-in, and keeps the device's own settings", () => {
    signInAsDemo1();
    m.workspace.workspace.split("row"); // DEMO1's own layout, keys and settings
    expect(m.keymap.rebind("nav.funds", "alt+o")).toEqual({ ok: true });
    m.settings.setSetting("stickOw", true);

    // Filled as DEMO1 leaves them.
    m.orders.orders$.set({ orders: [{ orderNo: "240101000001" } as never], trades: [{ orderNo: "240101000001" } as never], loaded: true, error: "EC900" });
    m.gtt.gtt$.set({
      entries: [{ GTTID: "7" } as never],
      loaded: true,
      error: "late",
      instruments: { "NSEEQ:1244": { tradingSymbol: "INFY-EQ", tickSize: 0.05, lotSize: 1, pdc: 1500, ltp: 1510, pltp: 1505 } },
    });
    m.portfolio.positions$.set({ rows: [{ tradingSymbol: "INFY-EQ" } as never], loaded: true });
    m.portfolio.holdings$.set({ rows: [{ nseTradingSymbol: "TCS-EQ" } as never], loaded: true, errorStatus: "EC922", message: "no holdings" });
    m.portfolio.limits$.set({ rows: [{ segment: "EQUITY" } as never], loaded: true });
    m.watchlist.watchlists$.set({
      lists: [{ mwId: 1, mwName: "Mine", scrips: [] } as never],
      loaded: true,
      sort: { key: "ltp", descending: true },
      shown: { "1": ["NSEEQ:1244"] },
    });
    m.pinned.pinned$.set({ items: [{ segment: "INDEX", exchange: "NSEEQ", token: 26000, symbol: "NIFTY 50", name: "Nifty 50", isIndex: true, pdc: 1, ltp: 2 } as never] });
    m.orderWindow.orderWindow$.state.assign({ transactionType: "SELL", quantity: 40, price: 1499.5, isAmo: true });
    m.orderWindow.orderWindow$.assign({ open: true, generation: 5, loading: true, problem: { message: "no margin" }, attemptKey: "k1", submitting: true, asmAccepted: true, dialog: { kind: "amo" } });
    m.activeScrip.setActiveScrip({ exchange: "NSEEQ", token: 1244, tradingSymbol: "INFY-EQ" });
    // The orders pane's own tab is part of DEMO1's layout (kept); the page's remembered tab is the session's (reset).
    m.tabs.setTabs("orders", { tab: 3 });
    const layoutWithTabs = m.workspace.layout$.peek();
    m.ui.openOverlay({ kind: "orderInfo", orderNo: "240101000001" });
    m.login.login$.assign({ stage: "otp", userId: "DEMO1", clientName: "Demo Trader One", otpSent: true, message: "OTP sent" });
    m.selection.select({ kind: "order", orderNo: "240101000001", status: "OPEN" }, "p1");
    m.feed.quoteStore.quote("NSEEQ", 1244).assign({ LastRate: 1510, PClose: 1500, chg: 10 });
    m.feed.quoteStore.depth("NSEEQ", 1244).assign({ totalbuyqty: 900, bids: [{ price: 1509.95, orders: 2, qty: 10 }] });

    m.session.endSession();

    expect(m.orders.orders$.peek()).toEqual({ orders: [], trades: [], loaded: false, error: undefined });
    expect(m.gtt.gtt$.peek()).toEqual({ entries: [], loaded: false, error: undefined, instruments: {} });
    expect(m.portfolio.positions$.peek()).toEqual({ rows: [], loaded: false });
    expect(m.portfolio.holdings$.peek()).toEqual({ rows: [], loaded: false });
    expect(m.portfolio.limits$.peek()).toEqual({ rows: [], loaded: false });
    expect(m.watchlist.watchlists$.peek()).toEqual({ lists: [], loaded: false, sort: { key: "custom", descending: false }, shown: {} });
    expect(m.pinned.pinned$.peek()).toEqual({ items: [] });
    // The window's generation never repeats (a late answer for generation 5 must not match a later opening): 5 + 1.
    expect(m.orderWindow.orderWindow$.peek()).toMatchObject({
      open: false, generation: 6, init: null, contract: null, loading: false, loadError: undefined, exchangeInAmo: false, margin: null,
      submitting: false, attemptKey: null, problem: undefined, dialog: null, asmAccepted: false,
    });
    expect(m.orderWindow.orderWindow$.state.peek()).toMatchObject({ mode: "new", transactionType: "BUY", quantity: 0, price: 0, triggerPrice: 0, isAmo: false, charges: null });
    expect(m.activeScrip.activeScrip$.peek()).toEqual({ scrip: undefined });
    expect(m.tabs.tabs$.peek()).toEqual({});
    expect(m.ui.overlay$.peek()).toEqual({ top: { kind: "none" } });
    expect(m.login.login$.peek()).toEqual({
      stage: "mobile", userId: "", clientName: "", message: "", fieldError: "", busy: false, retryAt: "", successMessage: "", otpSent: false,
      scanner: null, ssoApp: null, ssoAuthCode: "",
    });
    expect(m.selection.selections$.peek()).toEqual({});
    expect(m.feed.quoteStore.quote("NSEEQ", 1244).peek()).toEqual({
      exchange: "NSEEQ", token: 1244, LastRate: 0, PClose: 0, chg: 0, pchg: 0, volume: 0, openinterest: 0, o: 0, h: 0, l: 0, c: 0, weekHigh: 0, weekLow: 0, uc: 0, lc: 0,
    });
    expect(m.feed.quoteStore.depth("NSEEQ", 1244).peek()).toEqual({ bids: [], asks: [], totalbuyqty: 0, totalsellqty: 0, lastQty: 0, avgPrice: 0, lastTradedTime: 0 });
    expect(m.session.session$.peek()).toEqual({ clientCode: "DEMO1", accessToken: undefined, clientName: undefined });

    // Kept in memory: the device's theme. DEMO1's own keys, layout and settings leave it: the
    // defaults (no rebinding, the Trading preset's four panes, stickOw off).
    expect(m.settings.theme$.peek()).toBe("light");
    expect(m.keymap.keyOverrides$.peek()).toEqual({});
    expect(m.workspace.layout$.peek().root).toMatchObject({ type: "split", a: { type: "pane", view: "watchlist" } });
    expect(m.settings.settings$.stickOw.peek()).toBe(false);
    // Local storage: "clears ... local storage (keeping the client code)", and the theme and DEMO1's own under DEMO1's code.
    expect(Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort()).toEqual(["clientCode", "theme", "user.DEMO1.keymap", "user.DEMO1.layout", "user.DEMO1.settings"]);
    expect(storage.getItem("clientCode")).toBe("DEMO1");
    expect(JSON.parse(storage.getItem("user.DEMO1.layout")!)).toEqual(layoutWithTabs);
  });

  it("forgets the GTT form token: the next client's first GTT call fetches its own", async () => {
    const issued: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (req: Request) => {
        const bearer = req.headers.get("authorization") ?? "";
        const client = bearer === "Bearer token-1" ? "DEMO1" : "DEMO2";
        issued.push(client);
        return json({ status: "Ok", message: "Success", result: [{ JwtToken: formJwt(client) }] });
      }),
    );
    signInAsDemo1();
    const first = await m.gttApi.formToken();
    expect(await m.gttApi.formToken()).toBe(first); // cached within the session
    m.session.endSession();
    m.session.startSession({ clientCode: "DEMO2", accessToken: "token-2" });
    const second = await m.gttApi.formToken();
    expect(issued).toEqual(["DEMO1", "DEMO2"]);
    expect(second).not.toBe(first);
  });
});
