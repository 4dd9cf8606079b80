import type { BrokerContext } from "../context.js";
import { liveTokensOf, userOfToken } from "../sessions.js";
import { ALREADY, check, clientAcls, CREDENTIAL_SWEEP_MS, roleOf, sessionMark, type DynsecControl, type DynsecResponse } from "./dynsec.js";

/** One edge of the feed: where the paper broker drives its dynamic security, and the WebSocket the app is told. */
export interface FeedEdge {
  control: DynsecControl;
  publicUrl: string;
}

interface ListedClient {
  username: string;
  textdescription?: string;
  disabled?: boolean;
}

/**
 * The edge a client code is sent to, and the others in the order it fails over to them: spread by
 * client code (a stable hash, so one client's tabs and reloads land on one edge), skipping an edge
 * whose admin connection is down (it cannot take the session's credentials now).
 */
export function edgeOrder(clientCode: string, edges: readonly { up: boolean }[]): number[] {
  const n = edges.length;
  let h = 0;
  for (const ch of clientCode) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const ring = Array.from({ length: n }, (_, i) => (h + i) % n);
  const up = ring.filter((i) => edges[i]!.up);
  return [...up, ...ring.filter((i) => !edges[i]!.up)];
}

/**
 * The feed credentials of the client codes on every edge, kept in step with their sessions. The
 * wanted state is `live` (client code to the access token that is its feed password now); each
 * edge is brought to it by commands as sessions start and end, and by a reconciliation whenever an
 * edge's admin connection comes (back) up: a client whose session ended while the edge was down
 * is disabled there, one that logged in meanwhile is given its credentials there.
 */
export class FeedCredentials {
  /** Client code to the access token its feed password is now. */
  private readonly live = new Map<string, string>();
  /** Per client code, so that two calls for one client never interleave their commands. */
  private readonly queue = new Map<string, Promise<unknown>>();
  private readonly sweep: NodeJS.Timeout;
  private recovered = false;

  constructor(
    private readonly edges: readonly FeedEdge[],
    private readonly ctx: BrokerContext,
  ) {
    this.sweep = setInterval(() => this.endStale(), CREDENTIAL_SWEEP_MS);
    this.sweep.unref();
    for (const edge of edges) {
      edge.control.onConnect(() => {
        if (this.recovered) void this.reconcile(edge.control).catch((err: Error) => this.ctx.log.warn({ edge: edge.control.url, err: err.message }, "an edge's feed credentials could not be reconciled"));
      });
    }
  }

  /**
   * At start-up (after a restart of the paper broker): a client whose session is still live keeps
   * its feed on the edges that are up; one whose session ended while the paper broker was down is
   * disabled. An edge that is down now is reconciled when it comes up.
   */
  async recover(): Promise<void> {
    const up = this.edges.filter((e) => e.control.isConnected());
    for (const edge of up) {
      for (const c of await this.sessionClients(edge.control)) {
        if (this.live.has(c.username)) continue;
        const token = liveTokensOf(this.ctx.db, c.username).find((t) => sessionMark(t) === c.textdescription);
        if (token) this.live.set(c.username, token);
      }
    }
    this.recovered = true;
    // Every edge up now, including one that came up while the others were read.
    await Promise.all(this.edges.filter((e) => e.control.isConnected()).map((e) => this.reconcile(e.control)));
  }

  /** Which edges are up, in config order (for the spread of GET /core/feed/config). */
  edgesUp(): boolean[] {
    return this.edges.map((e) => e.control.isConnected());
  }

  /**
   * Gives the client code feed credentials for this session on every edge that is up: its password
   * there is now this token. Fails only when no edge took them (an edge that is down catches up on
   * its return).
   */
  provide(clientCode: string, token: string): Promise<void> {
    return this.serial(clientCode, async () => {
      if (this.live.get(clientCode) === token) return;
      this.live.set(clientCode, token);
      const results = await Promise.allSettled(this.edges.map((e) => this.provideOn(e.control, clientCode, token)));
      if (!results.some((r) => r.status === "fulfilled")) {
        this.live.delete(clientCode);
        throw (results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason as Error;
      }
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.allSettled([...this.queue.values()]);
  }

  /** The clients this paper broker made on one edge (their description marks the session). */
  private async sessionClients(control: DynsecControl): Promise<ListedClient[]> {
    const [list] = await control.run([{ command: "listClients", verbose: true }]);
    check(list!);
    return ((list!.data as { clients?: ListedClient[] } | undefined)?.clients ?? []).filter((c) => c.textdescription?.startsWith("session "));
  }

  /** Brings one edge to the wanted state: every live client there with its session's password, every other one disabled. */
  private async reconcile(control: DynsecControl): Promise<void> {
    const listed = new Map((await this.sessionClients(control)).map((c) => [c.username, c]));
    const work: Array<Promise<void>> = [];
    for (const [clientCode, c] of listed) {
      if (this.live.has(clientCode)) continue;
      if (!c.disabled) work.push(this.serial(clientCode, async () => (this.live.has(clientCode) ? undefined : this.disableOn(control, clientCode))));
    }
    for (const [clientCode, token] of this.live) {
      const c = listed.get(clientCode);
      if (c && !c.disabled && c.textdescription === sessionMark(token)) continue;
      work.push(
        this.serial(clientCode, async () => {
          const now = this.live.get(clientCode);
          if (now) await this.provideOn(control, clientCode, now);
        }),
      );
    }
    await Promise.all(work);
  }

  /** One edge: the client's role, and the client with this token as password (made, or changed and enabled again). */
  private async provideOn(control: DynsecControl, clientCode: string, token: string): Promise<void> {
    const fields = { username: clientCode, password: token, textdescription: sessionMark(token), roles: [{ rolename: roleOf(clientCode) }] };
    const [role, created] = await control.run([
      { command: "createRole", rolename: roleOf(clientCode), acls: clientAcls(clientCode) },
      { command: "createClient", ...fields },
    ]);
    check(role!, ALREADY);
    check(created!, ALREADY);
    if (created!.error) {
      // Known from an earlier session: a new password (which closes the older session's connections) and enabled again.
      for (const a of await control.run([{ command: "modifyClient", ...fields }, { command: "enableClient", username: clientCode }])) check(a);
    }
  }

  private endStale(): void {
    for (const [clientCode, token] of this.live) {
      if (userOfToken(this.ctx.db, token) === clientCode) continue;
      this.live.delete(clientCode);
      void this.serial(clientCode, async () => {
        // A newer session took the credentials meanwhile: they stay.
        if (this.live.has(clientCode)) return;
        const results = await Promise.allSettled(this.edges.filter((e) => e.control.isConnected()).map((e) => this.disableOn(e.control, clientCode)));
        for (const r of results) if (r.status === "rejected") this.ctx.log.warn({ clientCode, err: (r.reason as Error).message }, "feed credentials could not be disabled on an edge");
      });
    }
  }

  /** disableClient refuses the password from now on and closes the client's live connections on that edge. */
  private async disableOn(control: DynsecControl, clientCode: string): Promise<void> {
    const [a]: DynsecResponse[] = await control.run([{ command: "disableClient", username: clientCode }]);
    check(a!);
  }

  private serial<T>(clientCode: string, fn: () => Promise<T>): Promise<T> {
    const next = (this.queue.get(clientCode) ?? Promise.resolve()).catch(() => undefined).then(fn);
    this.queue.set(clientCode, next);
    void next.finally(() => this.queue.get(clientCode) === next && this.queue.delete(clientCode)).catch(() => undefined);
    return next;
  }
}
