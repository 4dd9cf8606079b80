import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";

/**
 * FINDINGS-29 s3. trading-core 4: the order window's defaults come "from the saved orderPreference",
 * saved after a place. A market replay places into its own replay account, and its dialog says "your
 * live paper account is not touched": an order placed inside a replay must not change the live
 * account's saved preference (an INTRADAY typed there opened the live `sell INFY 5 mkt` as INTRADAY).
 */
const storage = new MemoryStorage();
vi.stubGlobal("localStorage", storage);

let session: typeof import("../../../src/data/stores/session");
let ow: typeof import("../../../src/data/stores/orderWindow");
let clock: typeof import("../../../src/data/stores/brokerClock");

beforeAll(async () => {
  session = await import("../../../src/data/stores/session");
  ow = await import("../../../src/data/stores/orderWindow");
  clock = await import("../../../src/data/stores/brokerClock");
});

const place = (pcode: "DELIVERY" | "INTRADAY") => ow.saveOrderPreference("NSEEQ", { priceType: "MARKET", orderType: "Regular", pcode, validity: "DAY" });

describe("an order placed in a market replay leaves the live account's saved preference alone", () => {
  it("live DELIVERY, a replay's INTRADAY place, back live: DELIVERY again, and storage never held INTRADAY", () => {
    session.startSession({ clientCode: "DEMO1", accessToken: "token-1" });
    clock.brokerClock$.mode.set("live");
    place("DELIVERY");
    expect(ow.readOrderPreference("NSEEQ")?.pcode).toBe("DELIVERY");

    clock.brokerClock$.mode.set("replay");
    // The replay opens as the live account last traded...
    expect(ow.readOrderPreference("NSEEQ")?.pcode).toBe("DELIVERY");
    place("INTRADAY");
    // ...and its own places are its own while it runs.
    expect(ow.readOrderPreference("NSEEQ")?.pcode).toBe("INTRADAY");
    expect(storage.getItem("user.DEMO1.orderPreference")).not.toContain("INTRADAY");

    clock.brokerClock$.mode.set("live");
    expect(ow.readOrderPreference("NSEEQ")?.pcode).toBe("DELIVERY");
    // The next replay starts from the live one again, not from the last replay's.
    clock.brokerClock$.mode.set("replay");
    expect(ow.readOrderPreference("NSEEQ")?.pcode).toBe("DELIVERY");
  });
});
