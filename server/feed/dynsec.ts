import crypto from "node:crypto";
import mqtt, { type MqttClient } from "mqtt";
import { MARKET_TOPIC_KINDS, orderTopic } from "../../src/core/topics.js";
import { ConfigError } from "../config.js";
import type { BrokerContext } from "../context.js";
import { liveTokensOf, userOfToken } from "../sessions.js";

/**
 * The external broker's rules (Mosquitto's dynamic-security plugin), driven by the paper broker
 * over MQTT on $CONTROL/dynamic-security/v1: the same rules the embedded broker applies in
 * server/feed/embedded.ts. Each client code gets a client (username the client code, password the
 * access token, as on the embedded broker: DESIGN.md section 5) and a role of its own that may
 * subscribe to the market, OI, price-info and index topics and to its own order topic, and publish
 * nothing. The paper broker publishes as a client of its own whose role may only publish.
 *
 * The plugin keeps one password per username: the session that last asked for the feed
 * (GET /core/feed/config) holds the client code's feed credentials. When that session ends (logout,
 * a password reset, expiry) the client is disabled, which closes its live connections.
 */
export const CONTROL_TOPIC = "$CONTROL/dynamic-security/v1";
export const PUBLISHER_USER = "tape-paper-broker";
const PUBLISHER_ROLE = "tape-publisher";
const roleOf = (clientCode: string) => `tape-client-${clientCode}`;
/** How often the live feed credentials are checked against the sessions: logout ends a connection within 2 s. */
export const CREDENTIAL_SWEEP_MS = 250;
const ANSWER_MS = 5_000;

export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}
interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

interface Acl {
  acltype: "subscribePattern" | "subscribeLiteral" | "publishClientSend" | "publishClientReceive";
  topic: string;
  allow: boolean;
  priority?: number;
}

/**
 * A client's role: market topics by pattern (any exchange and token), its own order topic
 * literally. Receiving another client's order topic is denied too, so that no subscription the
 * plugin lets through (a pattern) can deliver one.
 */
export function clientAcls(clientCode: string): Acl[] {
  return [
    ...MARKET_TOPIC_KINDS.map((kind): Acl => ({ acltype: "subscribePattern", topic: `prod/marketfeed/${kind}/v1/+/+`, allow: true })),
    { acltype: "subscribeLiteral", topic: orderTopic(clientCode), allow: true },
    { acltype: "publishClientReceive", topic: orderTopic(clientCode), allow: true, priority: 1 },
    { acltype: "publishClientReceive", topic: orderTopic("#"), allow: false, priority: 0 },
  ];
}

const PUBLISHER_ACLS: Acl[] = [{ acltype: "publishClientSend", topic: "prod/#", allow: true }];

/** What the plugin keeps about the session holding a client's password: a digest, never the token. */
const sessionMark = (token: string) => `session ${crypto.createHash("sha256").update(token).digest("hex").slice(0, 32)}`;

/** The admin connection: commands out on the control topic, answers matched by correlation data. */
export class DynsecControl {
  private readonly pending = new Map<string, { resolve: (r: DynsecResponse) => void; timer: NodeJS.Timeout }>();
  private seq = 0;

  private constructor(private readonly client: MqttClient) {
    client.on("message", (_topic, payload) => {
      let body: { responses?: DynsecResponse[] };
      try {
        body = JSON.parse(payload.toString()) as { responses?: DynsecResponse[] };
      } catch {
        return;
      }
      for (const r of body.responses ?? []) {
        const p = r.correlationData ? this.pending.get(r.correlationData) : undefined;
        if (!p) continue;
        clearTimeout(p.timer);
        this.pending.delete(r.correlationData!);
        p.resolve(r);
      }
    });
  }

  /** The first connect must succeed (a start-up problem the user fixes); later drops reconnect every 2 s. */
  static async connect(url: string, admin: { username: string; password: string }): Promise<DynsecControl> {
    const options = { ...admin, clientId: `tape-dynsec-${process.pid}-${crypto.randomBytes(3).toString("hex")}`, clean: true, protocolVersion: 4 as const, reconnectPeriod: 2000, connectTimeout: 10_000 };
    const client = await mqtt.connectAsync(url, options, false).catch((err: Error & { code?: unknown }) => {
      const why = err.code === 4 || err.code === 5 ? `it refused the admin ${admin.username} (check MQTT_ADMIN_USER and MQTT_ADMIN_PASSWORD)` : err.message;
      throw new ConfigError(`the MQTT broker at ${url} (MQTT_URL) cannot be driven: ${why}`);
    });
    const control = new DynsecControl(client);
    // A reconnect (Mosquitto restarted) has a clean session: subscribe again.
    client.on("connect", () => void client.subscribeAsync(`${CONTROL_TOPIC}/response`).catch(() => undefined));
    await client.subscribeAsync(`${CONTROL_TOPIC}/response`);
    return control;
  }

  /** Sends the commands in one message; each answer comes back in the same order. */
  async run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const tagged = commands.map((c) => ({ ...c, correlationData: `c${++this.seq}` }));
    const answers = tagged.map(
      (c) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.pending.delete(c.correlationData);
            reject(new Error(`dynamic security did not answer ${c.command} within ${ANSWER_MS} ms`));
          }, ANSWER_MS);
          this.pending.set(c.correlationData, { resolve, timer });
        }),
    );
    await this.client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: tagged }));
    return Promise.all(answers);
  }

  async close(): Promise<void> {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    await this.client.endAsync(true);
  }
}

const ALREADY = /already exists/i;

function check(r: DynsecResponse, tolerated?: RegExp): void {
  if (r.error && !(tolerated && tolerated.test(r.error))) throw new Error(`dynamic security ${r.command}: ${r.error}`);
}

/** The paper broker's own publishing client, with a password made for this run; returns its credentials. */
export async function ensurePublisher(control: DynsecControl): Promise<{ username: string; password: string }> {
  const password = crypto.randomBytes(24).toString("base64url");
  const [role, created] = await control.run([
    { command: "createRole", rolename: PUBLISHER_ROLE, acls: PUBLISHER_ACLS },
    { command: "createClient", username: PUBLISHER_USER, password, roles: [{ rolename: PUBLISHER_ROLE }] },
  ]);
  check(role!, ALREADY);
  check(created!, ALREADY);
  if (created!.error) {
    const answers = await control.run([
      { command: "modifyClient", username: PUBLISHER_USER, password, roles: [{ rolename: PUBLISHER_ROLE }] },
      { command: "enableClient", username: PUBLISHER_USER },
    ]);
    for (const a of answers) check(a);
  }
  return { username: PUBLISHER_USER, password };
}

/** The feed credentials of the client codes, kept in step with their sessions. */
export class FeedCredentials {
  /** Client code to the access token its feed password is now. */
  private readonly live = new Map<string, string>();
  /** Per client code, so that two calls for one client never interleave their commands. */
  private readonly queue = new Map<string, Promise<unknown>>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly control: DynsecControl,
    private readonly ctx: BrokerContext,
  ) {
    this.sweep = setInterval(() => this.endStale(), CREDENTIAL_SWEEP_MS);
    this.sweep.unref();
  }

  /**
   * After a restart of the paper broker: a client whose session is still live keeps its feed; one
   * whose session ended while the paper broker was down is disabled.
   */
  async recover(): Promise<void> {
    const [list] = await this.control.run([{ command: "listClients", verbose: true }]);
    check(list!);
    const clients = ((list!.data as { clients?: Array<{ username: string; textdescription?: string; disabled?: boolean }> } | undefined)?.clients ?? []).filter((c) =>
      c.textdescription?.startsWith("session "),
    );
    for (const c of clients) {
      const token = liveTokensOf(this.ctx.db, c.username).find((t) => sessionMark(t) === c.textdescription);
      if (token) this.live.set(c.username, token);
      else if (!c.disabled) await this.disable(c.username);
    }
  }

  /** Gives the client code feed credentials for this session: its password is now this token. */
  provide(clientCode: string, token: string): Promise<void> {
    return this.serial(clientCode, async () => {
      if (this.live.get(clientCode) === token) return;
      const fields = { username: clientCode, password: token, textdescription: sessionMark(token), roles: [{ rolename: roleOf(clientCode) }] };
      const [role, created] = await this.control.run([
        { command: "createRole", rolename: roleOf(clientCode), acls: clientAcls(clientCode) },
        { command: "createClient", ...fields },
      ]);
      check(role!, ALREADY);
      check(created!, ALREADY);
      if (created!.error) {
        // Known from an earlier session: a new password (which closes the older session's connections) and enabled again.
        for (const a of await this.control.run([{ command: "modifyClient", ...fields }, { command: "enableClient", username: clientCode }])) check(a);
      }
      this.live.set(clientCode, token);
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.allSettled([...this.queue.values()]);
  }

  private endStale(): void {
    for (const [clientCode, token] of this.live) {
      if (userOfToken(this.ctx.db, token) === clientCode) continue;
      this.live.delete(clientCode);
      void this.serial(clientCode, async () => {
        // A newer session took the credentials meanwhile: they stay.
        if (this.live.has(clientCode)) return;
        await this.disable(clientCode);
      }).catch((err: Error) => this.ctx.log.warn({ clientCode, err: err.message }, "feed credentials could not be disabled"));
    }
  }

  /** disableClient refuses the password from now on and closes the client's live connections. */
  private async disable(clientCode: string): Promise<void> {
    const [a] = await this.control.run([{ command: "disableClient", username: clientCode }]);
    check(a!);
  }

  private serial<T>(clientCode: string, fn: () => Promise<T>): Promise<T> {
    const next = (this.queue.get(clientCode) ?? Promise.resolve()).catch(() => undefined).then(fn);
    this.queue.set(clientCode, next);
    void next.finally(() => this.queue.get(clientCode) === next && this.queue.delete(clientCode)).catch(() => undefined);
    return next;
  }
}
