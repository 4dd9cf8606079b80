import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import { DYNSEC_ADMIN_USER, startMosquitto, type MosquittoOptions, type MosquittoProcess, type SeededClient } from "./process.js";

/**
 * The feed past one machine (issue 36), as `npm run start:cluster`, the tests and the bench run
 * it on one host: one core Mosquitto the paper broker publishes to, and N edge Mosquittos that
 * each bridge every `prod/#` topic in from the core and carry the app's WebSockets. Core and edges
 * all run dynamic security with `allow_anonymous false`; the core's only clients are the paper
 * broker's admin and publisher and the edges' bridge user; the edges' clients are the traders,
 * whom the paper broker manages on every edge (server/feed/edges.ts).
 */
export const BRIDGE_USER = "tape-bridge";

/** The bridge may read every topic of the feed on the core and publish nothing there. */
export function bridgeUser(password: string): SeededClient {
  return {
    username: BRIDGE_USER,
    password,
    rolename: "tape-bridge",
    acls: [
      { acltype: "subscribePattern", topic: "prod/#", allow: true },
      { acltype: "publishClientReceive", topic: "prod/#", allow: true },
    ],
  };
}

/**
 * The bridge section of an edge's configuration: the core's feed (`prod/#`) comes in, nothing goes
 * out. Market frames at QoS 0 (live data: a frame lost in a reconnect or to a full queue is
 * replaced by the next tick); order updates at QoS 1, since the core drops QoS 0 messages to a
 * bridge whose queue is full and an order update lost is not replaced (the paper broker publishes
 * them at QoS 1). The two patterns do not overlap, so each message crosses once. A clean session
 * and a quick restart, so that prices resume within seconds of the core's return.
 */
export function bridgeConfig(o: { name: string; coreHost: string; corePort: number; password: string }): string {
  return [
    "# The bridge to the core (scripts/mosquitto/cluster.ts): every feed topic in, nothing out.",
    `connection ${o.name}`,
    `address ${o.coreHost}:${o.corePort}`,
    "topic prod/marketfeed/# in 0",
    "topic prod/updates/# in 1",
    `remote_username ${BRIDGE_USER}`,
    `remote_password ${o.password}`,
    `remote_clientid ${o.name}`,
    "bridge_protocol_version mqttv311",
    "cleansession true",
    "try_private false",
    "notifications false",
    "start_type automatic",
    "restart_timeout 1 2",
    "keepalive_interval 10",
  ].join("\n");
}

export interface ClusterMember {
  name: string;
  options: MosquittoOptions;
  process: MosquittoProcess;
}

export interface Cluster {
  core: ClusterMember;
  edges: ClusterMember[];
  adminPassword: string;
  /** What the paper broker needs: MQTT_URL (the core), MQTT_ADMIN_URLS and FEED_PUBLIC_URLS (the edges, in one order). */
  brokerEnv: Record<string, string>;
  /** Starts a member again on its ports and folder (after a kill), as its supervisor would. */
  restart(member: ClusterMember): Promise<void>;
  stop(): Promise<void>;
}

/** A free loopback port (the OS picks one; the short race with another process is accepted on one machine). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ClusterOptions {
  /** Folder under which core/ and edge-N/ hold each member's configuration and dynamic-security file. */
  dir: string;
  edges: number;
  adminPassword: string;
  stdio?: "pipe" | "inherit";
}

/** Starts the core, then the edges (each bridged to it); on a failure stops what had started. */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const stdio = o.stdio ?? "pipe";
  const bridgePassword = crypto.randomBytes(24).toString("base64url");
  const started: ClusterMember[] = [];
  const start = async (name: string, options: MosquittoOptions): Promise<ClusterMember> => {
    const member = { name, options, process: await startMosquitto(options, stdio) };
    started.push(member);
    return member;
  };
  try {
    const core = await start("core", {
      dir: path.join(o.dir, "core"),
      port: await freeLoopbackPort(),
      wsPort: await freeLoopbackPort(),
      adminPassword: o.adminPassword,
      seeded: [bridgeUser(bridgePassword)],
    });
    const edges: ClusterMember[] = [];
    for (let i = 1; i <= o.edges; i++) {
      const name = `edge-${i}`;
      edges.push(
        await start(name, {
          dir: path.join(o.dir, name),
          port: await freeLoopbackPort(),
          wsPort: await freeLoopbackPort(),
          adminPassword: o.adminPassword,
          extraConfig: bridgeConfig({ name: `tape-${name}`, coreHost: "127.0.0.1", corePort: core.options.port, password: bridgePassword }),
        }),
      );
    }
    return {
      core,
      edges,
      adminPassword: o.adminPassword,
      brokerEnv: {
        MQTT_URL: core.process.url,
        MQTT_ADMIN_USER: DYNSEC_ADMIN_USER,
        MQTT_ADMIN_PASSWORD: o.adminPassword,
        MQTT_ADMIN_URLS: edges.map((e) => e.process.url).join(","),
        FEED_PUBLIC_URLS: edges.map((e) => e.process.wsUrl).join(","),
      },
      async restart(member) {
        await member.process.stop();
        member.process = await startMosquitto(member.options, stdio);
      },
      async stop() {
        // Edges first, so that no bridge logs the core going away.
        await Promise.all(edges.map((e) => e.process.stop()));
        await core.process.stop();
      },
    };
  } catch (err) {
    await Promise.all(started.map((m) => m.process.stop()));
    throw err;
  }
}
