import { describe, expect, it } from "vitest";
import { orderIdOf, orderSeqOf } from "../../../server/orders/orderId";

describe("order numbers: the IST day as yyMMdd, then the sequence, at least seven digits", () => {
  it("number an order by its day and sequence, and read the sequence back", () => {
    // 2026-11-23 is 261123; sequence 42 padded to seven digits is 0000042.
    expect(orderIdOf("2026-11-23", 42)).toBe("2611230000042");
    expect(orderSeqOf("2611230000042")).toBe(42);
    // Past 9,999,999 the sequence keeps every digit: 12,345,678 is eight.
    expect(orderIdOf("2026-11-24", 12_345_678)).toBe("26112412345678");
    expect(orderSeqOf("26112412345678")).toBe(12_345_678);
  });

  it("read nothing from text that is not an order number", () => {
    for (const text of ["", "261123", "261123000004", "26112300000x2", "T000000003", " 2611230000042", "2611230000042\n"]) expect(orderSeqOf(text)).toBeUndefined();
  });
});
