import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";

/**
 * "Logout or a 401 clears all stores and local storage (keeping the client code) and returns to /"
 * (access-and-surroundings, "Logout and session loss"). The stores are not listed here: the test
 * asks the registry of client state (src/data/stores/sessionReset.ts) for every piece of state
 * that registered itself, records what each holds before anyone signs in, fills each as a
 * signed-in client leaves it, ends the session, and finds each back where it was. A store added
 * later is enumerated too: the test fails, naming it, until it has a fill below that changes it.
 * The device's theme stays; what the client set up for themselves (keys, layout, settings) leaves
 * memory but stays in storage under its client code (issue 28).
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

/** A plain deep copy of what a store holds, so a later change of the store cannot change the record. */
const snapshot = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

let reg: typeof import("../../../src/data/stores/sessionReset");
let m: {
  orders: typeof import("../../../src/data/stores/orders");
  gtt: typeof import("../../../src/data/stores/gtt");
  gttApi: typeof import("../../../src/data/api/gtt");
  gttForm: typeof import("../../../src/data/stores/gttForm");
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
  paletteHistory: typeof import("../../../src/commands/paletteHistoryStore");
  selection: typeof import("../../../src/commands/selection");
  cursor: typeof import("../../../src/commands/listCursor");
  depthLevels: typeof import("../../../src/data/stores/depthLevels");
  feed: typeof import("../../../src/feed/session");
  recent: typeof import("../../../src/data/stores/recentlyViewed");
  budget: typeof import("../../../src/data/stores/orderBudget");
  reach: typeof import("../../../src/data/stores/brokerReach");
  sessionLog: typeof import("../../../src/data/stores/sessionLog");
  slices: typeof import("../../../src/data/stores/sliceGroups");
  sliceUpdates: typeof import("../../../src/data/stores/sliceGroupUpdates");
  known: typeof import("../../../src/data/stores/knownContracts");
  latency: typeof import("../../../src/data/stores/latency");
  statusLine: typeof import("../../../src/data/stores/statusLine");
  paneReload: typeof import("../../../src/data/stores/paneReload");
  chain: typeof import("../../../src/data/stores/optionChain");
  timeSales: typeof import("../../../src/data/stores/timeSales");
  marketStatus: typeof import("../../../src/data/stores/marketStatus");
  discover: typeof import("../../../src/data/stores/discover");
  ideas: typeof import("../../../src/data/stores/ideas");
  alerts: typeof import("../../../src/data/stores/alerts");
  clock: typeof import("../../../src/data/stores/brokerClock");
  security: typeof import("../../../src/data/stores/security");
  aliases: typeof import("../../../src/data/stores/aliases");
  chartDrawings: typeof import("../../../src/data/stores/chartDrawings");
  baskets: typeof import("../../../src/data/stores/baskets");
  strategy: typeof import("../../../src/data/stores/strategy");
  risk: typeof import("../../../src/data/stores/risk");
  desk: typeof import("../../../src/data/stores/desk");
  replay: typeof import("../../../src/data/stores/replay");
  forms: typeof import("../../../src/data/stores/forms");
  chartTemplate: typeof import("../../../src/data/stores/chartTemplate");
  workspaces: typeof import("../../../src/data/stores/workspaces");
};

beforeAll(async () => {
  storage.setItem("theme", "light");
  // Every module of the layers that hold client state, so that every store registers itself
  // before the test asks the registry: the test cannot pick which stores it checks.
  const modules = import.meta.glob(["../../../src/data/**/*.ts", "../../../src/feed/**/*.ts", "../../../src/commands/**/*.ts"]);
  for (const load of Object.values(modules)) await load();
  reg = await import("../../../src/data/stores/sessionReset");
  m = {
    orders: await import("../../../src/data/stores/orders"),
    gtt: await import("../../../src/data/stores/gtt"),
    gttApi: await import("../../../src/data/api/gtt"),
    gttForm: await import("../../../src/data/stores/gttForm"),
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
    paletteHistory: await import("../../../src/commands/paletteHistoryStore"),
    selection: await import("../../../src/commands/selection"),
    cursor: await import("../../../src/commands/listCursor"),
    depthLevels: await import("../../../src/data/stores/depthLevels"),
    feed: await import("../../../src/feed/session"),
    recent: await import("../../../src/data/stores/recentlyViewed"),
    budget: await import("../../../src/data/stores/orderBudget"),
    reach: await import("../../../src/data/stores/brokerReach"),
    sessionLog: await import("../../../src/data/stores/sessionLog"),
    slices: await import("../../../src/data/stores/sliceGroups"),
    sliceUpdates: await import("../../../src/data/stores/sliceGroupUpdates"),
    known: await import("../../../src/data/stores/knownContracts"),
    latency: await import("../../../src/data/stores/latency"),
    statusLine: await import("../../../src/data/stores/statusLine"),
    paneReload: await import("../../../src/data/stores/paneReload"),
    chain: await import("../../../src/data/stores/optionChain"),
    timeSales: await import("../../../src/data/stores/timeSales"),
    marketStatus: await import("../../../src/data/stores/marketStatus"),
    discover: await import("../../../src/data/stores/discover"),
    ideas: await import("../../../src/data/stores/ideas"),
    alerts: await import("../../../src/data/stores/alerts"),
    clock: await import("../../../src/data/stores/brokerClock"),
    security: await import("../../../src/data/stores/security"),
    aliases: await import("../../../src/data/stores/aliases"),
    chartDrawings: await import("../../../src/data/stores/chartDrawings"),
    baskets: await import("../../../src/data/stores/baskets"),
    strategy: await import("../../../src/data/stores/strategy"),
    risk: await import("../../../src/data/stores/risk"),
    desk: await import("../../../src/data/stores/desk"),
    replay: await import("../../../src/data/stores/replay"),
    forms: await import("../../../src/data/stores/forms"),
    chartTemplate: await import("../../../src/data/stores/chartTemplate"),
    workspaces: await import("../../../src/data/stores/workspaces"),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal("localStorage", storage);
});

function signInAsDemo1(): void {
  m.session.startSession({ clientCode: "DEMO1", accessToken: "token-1", clientName: "Demo Trader One" });
}

/**
 * How a signed-in DEMO1 leaves each registered store, by its registered name: what a session
 * really puts there (a loaded book, an open dialog, a cursor on a row, a countdown half run).
 */
function fills(): Record<string, () => unknown> {
  const pane = () => m.workspace.workspace.focusedPane()!.id;
  return {
    orders: () => m.orders.orders$.set({ orders: [{ orderNo: "240101000001" } as never], trades: [{ orderNo: "240101000001" } as never], loaded: true, error: "EC900" }),
    gtt: () =>
      m.gtt.gtt$.set({
        entries: [{ GTTID: "7" } as never],
        loaded: true,
        error: "late",
        instruments: { "NSEEQ:1244": { tradingSymbol: "INFY-EQ", tickSize: 0.05, lotSize: 1, pdc: 1500, ltp: 1510, pltp: 1505 } },
      }),
    gttForm: () => {
      const init = { exchange: "NSEEQ", token: "1244", symbol: "INFY-EQ", transactionType: "BUY" } as const;
      m.gttForm.startGttForm(m.gttForm.loadingGttForm(init), init, { exchange: "NSEEQ", token: "1244", tradingSymbol: "INFY-EQ", ltp: 1500, tickSize: 0.05, lotSize: 1 } as never);
    },
    gttFormToken: async () => {
      vi.stubGlobal("fetch", vi.fn(async () => json({ status: "Ok", message: "Success", result: [{ JwtToken: formJwt("DEMO1") }] })));
      await m.gttApi.formToken();
    },
    positions: () => m.portfolio.positions$.set({ rows: [{ tradingSymbol: "INFY-EQ" } as never], loaded: true }),
    holdings: () => m.portfolio.holdings$.set({ rows: [{ nseTradingSymbol: "TCS-EQ" } as never], loaded: true, errorStatus: "EC922", message: "no holdings" }),
    limits: () => m.portfolio.limits$.set({ rows: [{ segment: "EQUITY" } as never], loaded: true }),
    watchlists: () =>
      m.watchlist.watchlists$.set({ lists: [{ mwId: 1, mwName: "Mine", scrips: [] } as never], loaded: true, shown: { "p1|1": ["NSEEQ:1244"] }, byHand: ["p1|1"], leaving: ["1|NSEEQ:1244"] }),
    pinned: () => m.pinned.pinned$.set({ items: [{ segment: "INDEX", exchange: "NSEEQ", token: 26000, symbol: "NIFTY 50", name: "Nifty 50", isIndex: true, pdc: 1, ltp: 2 } as never] }),
    orderWindow: () => {
      m.orderWindow.orderWindow$.state.assign({ transactionType: "SELL", quantity: 40, price: 1499.5, isAmo: true });
      m.orderWindow.orderWindow$.assign({ open: true, loading: true, problem: { message: "no margin" }, attemptKey: "k1", submitting: true, asmAccepted: true, dialog: { kind: "asm" } });
    },
    commodityInfoSeen: () => void m.orderWindow.firstCommodityInfo("MCXCOMM", "2001"),
    orderWindowProfile: () => void m.orderWindow.tradingProfileOnce(() => Promise.resolve({ accountStatus: "ACTIVE", exchanges: ["NSEEQ"], betaLocked: ["sip"] })),
    activeScrip: () => m.activeScrip.setActiveScrip({ exchange: "NSEEQ", token: 1244, tradingSymbol: "INFY-EQ" }),
    // The orders pane's own tab is part of DEMO1's layout (kept in storage); the page's remembered tab is the session's.
    tabs: () => m.tabs.setTabs("orders", { tab: 3 }),
    dialogTabs: () => {
      m.tabs.startDialogTabs(2);
      m.tabs.stepDialogTab(1);
    },
    overlay: () => m.ui.openOverlay({ kind: "orderInfo", orderNo: "240101000001" }),
    userMenu: () => m.ui.userMenu$.open.set(true),
    forms: () => m.forms.setFormState("feedback", { busy: true, problem: "Comments must be 1 to 500 characters" }),
    chartTemplate: () => m.chartTemplate.chartTemplate$.set({ indicators: ["rsi 14", "ema 20"], loaded: true }),
    login: () => m.login.login$.assign({ stage: "otp", userId: "DEMO1", clientName: "Demo Trader One", otpSent: true, message: "OTP sent", password: "Tape@2026" }),
    otpResend: () => m.login.resend$.set({ secondsLeft: 17, resendCount: 3 }),
    selections: () => m.selection.select({ kind: "order", orderNo: "240101000001", status: "OPEN" }, pane()),
    listCursors: () => m.cursor.cursors$[pane()]!.set({ key: "240101000001", at: 0 } as never),
    depthLevels: () => m.depthLevels.setLevel(pane(), { side: "bid", index: 1 }),
    feed: () => {
      m.feed.quoteStore.quote("NSEEQ", 1244).assign({ LastRate: 1510, PClose: 1500, chg: 10 });
      m.feed.quoteStore.depth("NSEEQ", 1244).assign({ totalbuyqty: 900, bids: [{ price: 1509.95, orders: 2, qty: 10 }] });
    },
    recentlyViewed: () => m.recent.recent$.set({ loaded: true, scrips: [{ tradingSymbol: "INFY-EQ" } as never] }),
    orderBudget: () => m.budget.orderBudget$.set({ known: true, enabled: true, version: 4 }),
    brokerReach: () => m.reach.heardFromBroker(Date.now() - 5_000, false),
    sessionLog: () => m.sessionLog.addSessionLog({ title: "Cancel all", sent: ["240101000001"], answers: ["Cancelled"] } as never),
    sliceGroups: () => m.slices.toggleSliceGroup("ck-1"),
    // A group cancel's slices whose updates its one toast tells (issue 19).
    sliceGroupUpdates: () => m.sliceUpdates.claimSliceUpdates("cancel", ["240101000001"]),
    knownContracts: () => m.known.rememberContracts([{ exchange: "NSEEQ", token: "1244", tradingSymbol: "INFY-EQ" } as never]),
    latency: () => m.latency.markKeyStart(1234),
    statusLine: () => m.statusLine.sayInStatusLine("Cursor on INFY-EQ", "info"),
    paneReloads: () => m.paneReload.reloadPane(pane()),
    optionChains: () => m.chain.chains$[pane()]!.set({ key: "NIFTY|" } as never),
    // A time and sales pane's prints (issue 32): the day's, and the session's.
    timeSales: () => m.timeSales.tapes$[pane()]!.set({ key: "NSEEQ:1594", prints: [] } as never),
    optionChainPanes: () => {
      m.chain.chainSides$[pane()]!.set("PE" as never);
      m.chain.chainBuildUps$[pane()]!.set(15);
      m.chain.chainStraddles$[pane()]!.set(true);
    },
    marketStatus: () => m.marketStatus.marketStatus$.status.set({ state: "ready", entries: [{ Exch: "N", ExchType: "C", AMO: "N" } as never] }),
    discover: () => m.discover.discover$.set({ lists: { "equity:gainers": { rows: [] } as never }, sorts: { [pane()]: { column: "ltp", descending: true } as never } }),
    ideas: () => m.ideas.ideas$.set({ lists: { "0|0": { ideas: [] } as never }, quantities: { "7": 10 }, statusFilter: { [pane()]: "all" as never } }),
    alerts: () => m.alerts.alerts$.set({ alerts: [{ alertId: 1 } as never], alertsLoaded: true, sips: [], sipsLoaded: true }),
    brokerClock: () => m.clock.brokerClock$.set({ answering: true, simMs: 1_760_000_000_000, at: 1, mode: "sim" } as never),
    security: () => m.security.security$.assign({ sessions: [{ sessionId: "s1" } as never], totpEnabled: true, totp: { step: "otp", message: "OTP sent" }, totpProblem: "Invalid OTP" }),
    aliases: () => m.aliases.aliases$.set({ list: [{ name: "straddle", body: "buy $1 ATM CE $2" }], loaded: true }),
    chartDrawings: () =>
      m.chartDrawings.chartDrawings$.set({
        byChart: { "NSEEQ:1594": [{ drawingId: 1, exchange: "NSEEQ", token: 1594, tool: "hline", points: [{ time: 1, price: 1500 }], alertId: null, createdAt: "" }] },
        panes: { p1: { draw: { placing: { tool: "trend", anchor: { time: 1, price: 1500 } }, price: 1501 }, listOpen: true, cursor: 0 } },
      }),
    // Issue 32: the named workspaces as the broker last answered, and the one open.
    workspaces: () => m.workspaces.workspaces$.set({ list: [{ name: "Morning", body: "{}", savedAt: 1 }], loaded: true, current: "Morning" }),
    baskets: () => m.baskets.baskets$.assign({ baskets: [{ basketId: 1, basketName: "Morning", scripCount: 0 } as never], loaded: true } as never),
    // DEMO1's own keys, layout and settings: saved under DEMO1's code, and out of memory at the end.
    keymap: () => void expect(m.keymap.rebind("nav.funds", "alt+o")).toEqual({ ok: true }),
    layout: () => m.workspace.workspace.split("row"),
    // The options desk's per-pane what-if and the run of a placed set (issue 31).
    // The risk desk's kill switches and loss limits as last read (issue 33).
    replay: () => m.replay.replay$.set({ days: [{ date: "2026-11-23", source: "sample" }], report: null, dayTrades: { date: "2026-11-23", trades: [{ time: 1, exchange: "NSEEQ", token: 1594, side: "BUY", quantity: 1, price: 1 }] } }),
    risk: () => m.risk.risk$.set({ switches: [{ segment: "EQUITY" } as never], loaded: true, limits: undefined }),
    // The order presets and bracket templates as last read (issue 33).
    desk: () => m.desk.desk$.set({ presets: [{ key: "segment:equity", preset: { quantity: { unit: "units", value: 10 } } }], templates: [{ name: "scalp3", targets: [{ points: 5, share: 100 }], stopPoints: 8 }], loaded: true }),
    // The run a strategy pane is sending now (the run itself is the pane's, in the layout).
    strategyDesk: () => m.strategy.deskPlacing$.set({ [pane()]: "st-run1" }),
    paletteHistory: () => m.paletteHistory.rememberLine("buy INFY 10 @ 1500"),
    settings: () => m.settings.setSetting("stickOw", true),
  };
}

describe("ending a session (sign-out, 401) resets every store of the client", () => {
  it("finds every registered store back at what it held before sign-in, and keeps the device's own settings", async () => {
    const stores = reg.clientStates();
    const before = new Map(stores.map((s) => [s.name, snapshot(s.holds())]));

    signInAsDemo1();
    const fill = fills();
    // A store no fill names is a store added after this test was written: it must get one.
    expect(stores.map((s) => s.name).filter((name) => !(name in fill))).toEqual([]);
    for (const s of stores) await fill[s.name]!();
    // Each fill changed its store: otherwise the reset below would prove nothing about it.
    expect(stores.filter((s) => JSON.stringify(snapshot(s.holds())) === JSON.stringify(before.get(s.name))).map((s) => s.name)).toEqual([]);
    const layoutWithTabs = m.workspace.layout$.peek();

    m.session.endSession();

    for (const s of stores) expect({ store: s.name, holds: snapshot(s.holds()) }).toEqual({ store: s.name, holds: before.get(s.name) });
    expect(m.session.session$.peek()).toEqual({ clientCode: "DEMO1", accessToken: undefined, clientName: undefined });
    // Kept in memory: the device's theme.
    expect(m.settings.theme$.peek()).toBe("light");
    // Local storage: "clears ... local storage (keeping the client code)", and the theme and DEMO1's own under DEMO1's code.
    expect(Array.from({ length: storage.length }, (_, i) => storage.key(i)).sort()).toEqual(["clientCode", "theme", "user.DEMO1.keymap", "user.DEMO1.layout", "user.DEMO1.paletteHistory", "user.DEMO1.settings"]);
    expect(storage.getItem("clientCode")).toBe("DEMO1");
    expect(JSON.parse(storage.getItem("user.DEMO1.layout")!)).toEqual(layoutWithTabs);
  });

  it("knows each store by one name", () => {
    const names = reg.clientStates().map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(() => reg.clientState({ name: names[0]!, holds: () => 0, reset: () => {} })).toThrow(/registered twice/);
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
