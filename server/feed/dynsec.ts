import crypto from "node:crypto";
import mqtt, { type MqttClient } from "mqtt";
import { MARKET_TOPIC_KINDS, orderTopic } from "../../src/core/topics.js";
import { ConfigError } from "../config.js";

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
export const roleOf = (clientCode: string) => `tape-client-${clientCode}`;
/**
 * How often the live feed credentials are checked against the sessions: a logout or an expiry
 * disables the client on every edge within 250 ms (this, plus one command's round trip).
 */
export const CREDENTIAL_SWEEP_MS = 100;
const ANSWER_MS = 5_000;

export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}
export interface DynsecResponse {
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
export const sessionMark = (token: string) => `session ${crypto.createHash("sha256").update(token).digest("hex").slice(0, 32)}`;

/** The admin connection: commands out on the control topic, answers matched by correlation data. */
export class DynsecControl {
  private readonly pending = new Map<string, { resolve: (r: DynsecResponse) => void; timer: NodeJS.Timeout }>();
  private readonly connectListeners: Array<() => void> = [];
  private seq = 0;
  /** Connected and subscribed to the answers: commands may go out. */
  private ready = false;

  private constructor(
    private readonly client: MqttClient,
    readonly url: string,
  ) {
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
    // Every connect has a clean session: subscribe to the answers, then tell the listeners (an edge back from a restart is reconciled).
    client.on("connect", () => {
      void client
        .subscribeAsync(`${CONTROL_TOPIC}/response`)
        .then(() => {
          this.ready = true;
          for (const fn of this.connectListeners) fn();
        })
        .catch(() => undefined);
    });
    client.on("close", () => (this.ready = false));
  }

  /**
   * An admin connection that keeps trying (every second) whether or not the broker is up now: an
   * edge of a cluster may be down when the paper broker starts. Commands to it fail at once while
   * it is down; onConnect hears of each connect.
   */
  static open(url: string, admin: { username: string; password: string }): DynsecControl {
    const client = mqtt.connect(url, {
      ...admin,
      clientId: `tape-dynsec-${process.pid}-${crypto.randomBytes(3).toString("hex")}`,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 1000,
      connectTimeout: 5_000,
      // A command is sent now or not at all: a queued one replayed after a reconnect could undo the reconciliation.
      queueQoSZero: false,
      reconnectOnConnackError: true,
    });
    client.on("error", () => undefined);
    return new DynsecControl(client, url);
  }

  /** The first connect must succeed (a start-up problem the user fixes); later drops reconnect every second. */
  static async connect(url: string, admin: { username: string; password: string }): Promise<DynsecControl> {
    const control = DynsecControl.open(url, admin);
    const outcome = await control.firstConnect(10_000);
    if (outcome !== "connected") {
      await control.close();
      throw new ConfigError(`the MQTT broker at ${url} (MQTT_URL) cannot be driven: ${outcome}`);
    }
    return control;
  }

  /** Waits for the first connect: "connected", or why not (refused credentials, or no answer in time). */
  firstConnect(ms: number): Promise<string> {
    if (this.ready) return Promise.resolve("connected");
    return new Promise((resolve) => {
      const timer = setTimeout(() => done("it did not answer within " + ms / 1000 + " s"), ms);
      const onError = (err: Error & { code?: unknown }) => {
        if (err.code === 4 || err.code === 5) done(`it refused the admin (check MQTT_ADMIN_USER and MQTT_ADMIN_PASSWORD)`);
      };
      const done = (why: string) => {
        clearTimeout(timer);
        this.client.off("error", onError);
        resolve(why);
      };
      this.client.on("error", onError);
      this.onConnect(() => done("connected"));
    });
  }

  isConnected(): boolean {
    return this.ready;
  }

  onConnect(fn: () => void): void {
    this.connectListeners.push(fn);
  }

  /** Sends the commands in one message; each answer comes back in the same order. Rejects at once while disconnected. */
  async run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    if (!this.ready) throw new Error(`dynamic security at ${this.url} is not connected`);
    const tagged = commands.map((c) => ({ ...c, correlationData: `c${++this.seq}` }));
    const answers = tagged.map(
      (c) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.pending.delete(c.correlationData);
            reject(new Error(`dynamic security at ${this.url} did not answer ${c.command} within ${ANSWER_MS} ms`));
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
    this.connectListeners.length = 0;
    await this.client.endAsync(true);
  }
}

export const ALREADY = /already exists/i;

export function check(r: DynsecResponse, tolerated?: RegExp): void {
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

