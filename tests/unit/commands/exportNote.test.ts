import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToastSink, type Toast } from "../../../src/core/notify";
import { UNKNOWN_REACH } from "../../../src/core/rules/brokerReach";
import { exportCsv } from "../../../src/commands/download";
import { brokerReach$ } from "../../../src/data/stores/brokerReach";

/**
 * A CSV export is made from what the app last read. "A toast says what happened to what": with the
 * broker not answering, the file may lack the changes since, and the export says so (it downloaded
 * without a word); with the broker answering it says nothing more than the download.
 */
describe("a CSV export while the broker is not answering", () => {
  const saved: string[] = [];
  let toasts: Toast[] = [];
  beforeEach(() => {
    toasts = [];
    setToastSink((t) => toasts.push(t));
    // The browser's download, as far as the export uses it: an anchor clicked with the file's name.
    vi.stubGlobal("document", {
      createElement: () => ({ style: {}, click() { saved.push((this as unknown as { download: string }).download); }, remove() {} }),
      body: { appendChild: () => undefined },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    brokerReach$.set(UNKNOWN_REACH);
  });

  it("downloads the file and says it holds the orders as last read", () => {
    brokerReach$.set({ state: "unreachable", sentAt: 1, downSince: 1 });
    exportCsv("All-orders.csv", "Time (IST),Instrument\n", "The orders");
    expect(saved.at(-1)).toBe("All-orders.csv");
    expect(toasts).toEqual([{ kind: "neutral", text: "The orders saved as last read: the broker is not answering, so changes since are not in All-orders.csv" }]);
  });

  it("with the broker answering, downloads it and says nothing", () => {
    brokerReach$.set({ state: "answering", sentAt: 1, downSince: undefined });
    exportCsv("Tradebook.csv", "Time (IST)\n", "The trade book");
    expect(saved.at(-1)).toBe("Tradebook.csv");
    expect(toasts).toEqual([]);
  });
});
