import type { SearchScrip } from "./scrip";

/**
 * A 64-bit hash of what an index is built from: every field of every contract the build reads,
 * in list order, so a stored index is used only over the very list it was built from. Token,
 * lot and tick are not read by the build (the index hands back the listed contracts themselves).
 *
 * A chain's contracts share their symbol, company, exchange, kind and expiry, mostly as one
 * string: a field equal to the previous contract's is hashed as a mark (-1), not read again. Every
 * other text is hashed with its length first, so two different lists never feed the same sequence.
 */
export function contentKey(input: readonly SearchScrip[]): string {
  const h = new Hash();
  h.add(input.length);
  let previous: SearchScrip | undefined;
  for (let i = 0; i < input.length; i++) {
    const s = input[i]!;
    h.shared(s.symbol, previous?.symbol);
    h.shared(s.companyName, previous?.companyName);
    h.shared(s.exchange, previous?.exchange);
    h.shared(s.insType, previous?.insType);
    h.shared(s.expiry, previous?.expiry);
    h.text(s.tradingSymbol);
    h.text(s.formattedInsName);
    h.add(s.optionType === "CE" ? 1 : s.optionType === "PE" ? 2 : 0);
    // Strikes are multiples of a tick: in ten-thousandths they are whole numbers (of up to 53 bits).
    const strike = Math.round(s.strikePrice * 10_000);
    h.add(strike % 2 ** 32);
    h.add(Math.floor(strike / 2 ** 32));
    previous = s;
  }
  return h.hex();
}

/** cyrb53's two multiply-xor lanes, read out as 16 hex digits. */
class Hash {
  private a = 0xdeadbeef;
  private b = 0x41c6ce57;

  add(value: number): void {
    this.a = Math.imul(this.a ^ value, 2654435761);
    this.b = Math.imul(this.b ^ value, 1597334677);
  }

  text(value: string): void {
    let a = Math.imul(this.a ^ value.length, 2654435761);
    let b = Math.imul(this.b ^ value.length, 1597334677);
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      a = Math.imul(a ^ c, 2654435761);
      b = Math.imul(b ^ c, 1597334677);
    }
    this.a = a;
    this.b = b;
  }

  /** A text most contracts share with the one before: a mark when it is the same. */
  shared(value: string, previous: string | undefined): void {
    if (value === previous) this.add(-1);
    else this.text(value);
  }

  hex(): string {
    let a = this.a;
    let b = this.b;
    a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
    b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
    return (b >>> 0).toString(16).padStart(8, "0") + (a >>> 0).toString(16).padStart(8, "0");
  }
}
