import { startBrokerProcess } from "../support/brokerProcess";

/**
 * Starts the paper broker exactly as `npm start` does (after the build), on port 0 with a
 * fresh DATA_DIR, and hands its URL to the tests through TAPE_URL. WIRE_CHECK=1: an answer its
 * schema would change (a field the app reads but the schema lacks) fails the call, so the suite
 * proves the answer schemas whole (server/http/wire.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const broker = await startBrokerProcess({ WIRE_CHECK: "1", ...(process.env.E2E_SIM_TIME ? { SIM_TIME: process.env.E2E_SIM_TIME } : {}) });
  process.env.TAPE_URL = broker.url;
  process.env.TAPE_DATA_DIR = broker.dataDir;
  return broker.stop;
}
