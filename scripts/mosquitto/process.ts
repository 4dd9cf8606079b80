import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Debian's Mosquitto as Tape runs it (npm run start:mosquitto, the e2e and the bench): the
 * configuration from the template beside this file, the dynamic-security plugin with its JSON in
 * a data folder, and the admin client the paper broker drives it with.
 */
export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? "/usr/sbin/mosquitto";
export const DYNSEC_ADMIN_USER = "tape-admin";

const here = path.dirname(fileURLToPath(import.meta.url));
const PLUGIN_CANDIDATES = [
  "/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so",
  "/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so",
  "/usr/lib/mosquitto_dynamic_security.so",
];

export function mosquittoInstalled(): boolean {
  return fs.existsSync(MOSQUITTO_BIN);
}

function dynsecPlugin(): string {
  const found = [process.env.MOSQUITTO_DYNSEC_PLUGIN, ...PLUGIN_CANDIDATES].find((p) => p && fs.existsSync(p));
  if (!found) throw new Error(`the dynamic-security plugin of Mosquitto was not found (looked in ${PLUGIN_CANDIDATES.join(", ")}; MOSQUITTO_DYNSEC_PLUGIN names another)`);
  return found;
}

/** The plugin's password record: PBKDF2-SHA512, 101 iterations, 12-byte salt (as `mosquitto_ctrl dynsec init` writes it). */
function passwordRecord(password: string): { password: string; salt: string; iterations: number } {
  const salt = crypto.randomBytes(12);
  const hash = crypto.pbkdf2Sync(password, salt, 101, 64, "sha512");
  return { password: hash.toString("base64"), salt: salt.toString("base64"), iterations: 101 };
}

interface DynsecFile {
  clients: Array<{ username: string; roles?: Array<{ rolename: string }> } & Record<string, unknown>>;
  roles: Array<{ rolename: string } & Record<string, unknown>>;
  defaultACLAccess: Record<string, boolean>;
}

/** What `mosquitto_ctrl dynsec init <file> <admin>` writes: one admin client whose role may only drive the plugin. */
function initialDynsec(password: string): DynsecFile {
  const control = "$CONTROL/dynamic-security/#";
  return {
    clients: [{ username: DYNSEC_ADMIN_USER, textName: "Dynsec admin user", ...passwordRecord(password), roles: [{ rolename: "admin" }] }],
    roles: [
      {
        rolename: "admin",
        acls: [
          { acltype: "publishClientSend", topic: control, allow: true },
          { acltype: "publishClientReceive", topic: control, allow: true },
          { acltype: "subscribePattern", topic: control, allow: true },
          { acltype: "unsubscribePattern", topic: "#", allow: true },
        ],
      },
    ],
    // Nothing is sent or subscribed without a role that allows it.
    defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
  };
}

/** A client written into the file at start-up (the core's bridge user), with a password made for the run. */
export interface SeededClient {
  username: string;
  password: string;
  rolename: string;
  acls: Array<{ acltype: string; topic: string; allow: boolean }>;
}

/**
 * Makes the dynamic-security file, or keeps the one a previous run left (its clients and roles)
 * with the admin password of this run, so that a generated password never locks the broker out.
 * Seeded clients (the bridge user on a cluster's core) are written afresh the same way.
 */
export function prepareDynsecFile(file: string, adminPassword: string, seeded: readonly SeededClient[] = []): void {
  const fresh = initialDynsec(adminPassword);
  const data = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as DynsecFile) : { ...fresh, clients: [] };
  const own = new Set([DYNSEC_ADMIN_USER, ...seeded.map((c) => c.username)]);
  const ownRoles = new Set(["admin", ...seeded.map((c) => c.rolename)]);
  data.clients = [
    ...data.clients.filter((c) => !own.has(c.username)),
    fresh.clients[0]!,
    ...seeded.map((c) => ({ username: c.username, ...passwordRecord(c.password), roles: [{ rolename: c.rolename }] })),
  ];
  data.roles = [...data.roles.filter((r) => !ownRoles.has(r.rolename)), fresh.roles[0]!, ...seeded.map((c) => ({ rolename: c.rolename, acls: c.acls }))];
  fs.writeFileSync(file, JSON.stringify(data, null, 2), { mode: 0o600 });
}

export interface MosquittoOptions {
  /** Folder for the written configuration and the dynamic-security file. */
  dir: string;
  port: number;
  wsPort: number;
  adminPassword: string;
  /** Clients written into the dynamic-security file (a cluster core's bridge user). */
  seeded?: readonly SeededClient[];
  /** Lines appended to the configuration (an edge's bridge to the core: scripts/mosquitto/cluster.ts). */
  extraConfig?: string;
}

/** Writes mosquitto.conf from the template kept in the repo; returns its path. */
export function writeMosquittoConfig(o: MosquittoOptions): string {
  fs.mkdirSync(o.dir, { recursive: true });
  const dynsecFile = path.join(o.dir, "dynamic-security.json");
  prepareDynsecFile(dynsecFile, o.adminPassword, o.seeded);
  const values: Record<string, string> = {
    MQTT_PORT: String(o.port),
    MQTT_WS_PORT: String(o.wsPort),
    DYNSEC_PLUGIN: dynsecPlugin(),
    DYNSEC_FILE: dynsecFile,
    USER: os.userInfo().username,
  };
  const template = fs.readFileSync(path.join(here, "mosquitto.conf.template"), "utf8");
  const conf = template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`mosquitto.conf.template names an unknown value {{${name}}}`);
    return v;
  });
  const confFile = path.join(o.dir, "mosquitto.conf");
  fs.writeFileSync(confFile, o.extraConfig ? `${conf}\n${o.extraConfig}\n` : conf, { mode: 0o600 });
  return confFile;
}

export interface MosquittoProcess {
  child: ChildProcess;
  /** mqtt://127.0.0.1:port, for the paper broker's MQTT_URL. */
  url: string;
  wsUrl: string;
  output(): string;
  exited(): Promise<number | null>;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

/** Starts Mosquitto and resolves once both listeners accept connections (rejects if it exits first). */
export async function startMosquitto(o: MosquittoOptions, stdio: "pipe" | "inherit" = "pipe"): Promise<MosquittoProcess> {
  const conf = writeMosquittoConfig(o);
  const child = spawn(MOSQUITTO_BIN, ["-c", conf], { stdio: ["ignore", stdio, stdio] });
  let out = "";
  child.stdout?.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr?.on("data", (b: Buffer) => (out += b.toString()));
  const exited = () => new Promise<number | null>((r) => (child.exitCode !== null || child.signalCode !== null ? r(child.exitCode) : child.once("exit", (code) => r(code))));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`mosquitto exited with ${child.exitCode ?? child.signalCode}:\n${out}`);
    if ((await accepts(o.port)) && (await accepts(o.wsPort))) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`mosquitto did not listen on ${o.port} and ${o.wsPort} within 20 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url: `mqtt://127.0.0.1:${o.port}`,
    wsUrl: `ws://127.0.0.1:${o.wsPort}`,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited();
      }
    },
  };
}
