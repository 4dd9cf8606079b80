import { describe, expect, it } from "vitest";
import { brokerBackText, isOutageNote, openingInOutage } from "../../../src/core/rules/outageLine";
import { pickTyped } from "../../../src/core/search/typedSymbol";
import type { ContractInfo } from "../../../src/core/types/contract";

/**
 * Issue 28: "A line typed while the broker is down opens its window from the contract the app
 * already knows, or keeps the line in the palette with the reason."
 */
const infy = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ", symbol: "INFY", insType: "EQ", formattedInsName: "INFY EQ" } as ContractInfo;

describe("an order line while the broker is unreachable", () => {
  it("opens from the contract last heard, and the window says at what time (IST) it was heard", () => {
    // 2026-11-30 05:32:03 UTC is 11:02:03 in India (UTC+05:30).
    const at = Date.UTC(2026, 10, 30, 5, 32, 3);
    expect(openingInOutage("INFY", "NSEEQ", { contract: infy, at })).toEqual({ kind: "open", contract: infy, note: "Broker unreachable: contract as looked up at 11:02:03 IST" });
  });

  it("keeps a line whose contract was never heard, naming what is unknown and what to do", () => {
    const o = openingInOutage("yesbank", "NSEEQ", undefined);
    expect(o.kind).toBe("keep");
    expect(o.kind === "keep" && o.reason).toBe(
      "The broker is unreachable, and YESBANK on NSEEQ was not looked up since sign-in, so its lot, tick and circuits are unknown. The line is kept: press Enter once the broker answers.",
    );
  });
});

describe("the broker answers again while a window still says it is unreachable (status bar LIVE)", () => {
  it("the window's unreachable line goes; whether the last send reached the broker is still unknown, so Enter's advice stays", () => {
    expect(brokerBackText("new")).toBe("The broker answers again. The order may not have reached it. Press Enter to send it again: it will not be placed twice.");
    expect(brokerBackText("modify")).toBe("The broker answers again. The change may not have reached it. Press Enter to send it again.");
  });
  it("the contract note of a window opened in the outage is told from a command line's note", () => {
    expect(isOutageNote("Broker unreachable: contract as looked up at 11:02:03 IST")).toBe(true);
    expect(isOutageNote("INFY read as INFY-EQ on NSEEQ")).toBe(false);
    expect(isOutageNote(undefined)).toBe(false);
  });
});

describe("the typed-symbol rule, for the broker's search answer and the contracts held alike", () => {
  const infyEq = { tradingSymbol: "INFY-EQ", symbol: "INFY", insType: "EQ" };
  const infyFut = { tradingSymbol: "INFY26DECFUT", symbol: "INFY", insType: "FUTSTK" };
  const call = { tradingSymbol: "NIFTY26DEC24500CE", symbol: "NIFTY", insType: "OPTIDX" };

  it("an exact trading symbol first, then the equity of the symbol, then its -EQ line", () => {
    expect(pickTyped("infy26decfut", [infyEq, infyFut])).toBe(infyFut);
    expect(pickTyped("INFY", [infyFut, infyEq])).toBe(infyEq);
    expect(pickTyped("INFY", [infyFut, { ...infyEq, insType: "X" }])).toEqual({ ...infyEq, insType: "X" });
  });

  it("a contract named by its parts only when it is the one hit; nothing for an empty text", () => {
    expect(pickTyped("NIFTY 26DEC 24500 CE", [call])).toBe(call);
    expect(pickTyped("NIFTY 26DEC 24500 CE", [call, infyFut])).toBeUndefined();
    expect(pickTyped("  ", [infyEq])).toBeUndefined();
  });
});
