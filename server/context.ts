import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock.js";
import type { BrokerConfig } from "./config.js";
import type { Db } from "./db.js";

/** What every service module of the broker is given: one database, one clock, one logger. */
export interface BrokerContext {
  config: BrokerConfig;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Closers run on shutdown, last registered first (feed before database). */
  onClose(fn: () => Promise<void> | void): void;
}
