import { formatDate, formatPrice } from "../format";
import { pickExpiry, type ExpiryWord, type ListedContract } from "../rules/contractWords";
import { strikeText } from "../rules/optionChain";
import type { Exchange } from "../types/exchange";
import type { ContractChain } from "../wire/market";
import type { StrategyLeg } from "./payoff";
import type { Preset, PresetInstrument, StrikeSlot } from "./presets";

/**
 * Places a preset on listed contracts (issue 31), pure, by the command line's contract-word rules
 * (src/core/rules/contractWords.ts):
 *   - the expiry is the one named (an expiry word or YYYY-MM-DD), else the nearest unexpired;
 *     "next" is the listed option expiry after it (a calendar's far leg);
 *   - ATM is the listed strike of that expiry nearest the spot (midway keeps the lower);
 *     ATM+n is n listed strikes above it, ATM−n n below;
 *   - with a width in points, a slot of k widths is the listed strike nearest ATM + k x width
 *     (midway keeps the one nearer the ATM, so a wing is never wider than asked);
 *   - slots must land on distinct strikes in the preset's ascending order, else refused;
 *   - a future leg is the first listed future expiring on or after the options' expiry.
 */

export interface ResolvedLeg {
  token: string;
  /** The contract's trading symbol. */
  symbol: string;
  exchange: Exchange;
  optionType: PresetInstrument;
  /** 0 for a future or a share. */
  strike: number;
  /** YYYY-MM-DD; "" for a share. */
  expiry: string;
  side: "BUY" | "SELL";
  lots: number;
  lotSize: number;
}

export interface ResolveInput {
  /** The underlying's symbol (NIFTY), for messages. */
  underlying: string;
  exchange: Exchange;
  spot: number;
  /** The broker's date, YYYY-MM-DD: expiries before it are over. */
  today: string;
  /** The underlying's listed contracts, every expiry, futures included (POST v2/contractChain's `contracts`). */
  strikes: readonly ListedContract[];
  /** The listed expiries to choose among; every expiry of `strikes` when not given. */
  expiries?: readonly string[];
  /** Points; slots with `widths` use it. */
  width?: number;
  /** Lots of the strategy (each leg its ratio times this); 1 when not given. */
  lots?: number;
  expiry?: ExpiryWord | string;
  /** The line's own strikes (ATM±n), ascending, replacing the preset's slots one for one. */
  slots?: readonly StrikeSlot[];
  /** The share an EQ leg holds, when the underlying is one. */
  equity?: { token: string; symbol: string; exchange: Exchange };
  /** Units per lot when a listed contract does not say. */
  lotSize?: number;
}

export type StrategyResolution = { ok: true; legs: ResolvedLeg[]; expiry: string; atm: number; note: string } | { ok: false; reason: string };

const refuse = (reason: string): StrategyResolution => ({ ok: false, reason });


/** "ATM", "ATM+2", "ATM-1": how a slot of steps is typed. */
export function slotLabel(slot: StrikeSlot): string {
  return slot.steps === 0 ? "ATM" : `ATM${slot.steps > 0 ? "+" : ""}${slot.steps}`;
}

/** The input from a contract chain answer as it comes (symbol, exchange, spot, today, contracts). */
export function chainInput(chain: ContractChain): Pick<ResolveInput, "underlying" | "exchange" | "spot" | "today" | "strikes"> {
  return { underlying: chain.symbol, exchange: chain.exchange, spot: chain.spot, today: chain.today, strikes: chain.contracts };
}

export function resolveStrategy(preset: Preset, input: ResolveInput): StrategyResolution {
  const { underlying } = input;
  const lots = input.lots ?? 1;
  if (!Number.isInteger(lots) || lots < 1) return refuse(`Lots must be a whole number above 0, not ${lots}`);
  if (input.width !== undefined && !(input.width > 0)) return refuse(`The width must be above 0 points, not ${input.width}`);
  const slots = input.slots ?? preset.slots;
  if (slots.length !== preset.slots.length) {
    const want = preset.slots.map(slotLabel).join(" ");
    return refuse(`${preset.name} takes ${preset.slots.length} strike${preset.slots.length === 1 ? "" : "s"} (as ${want}), not ${slots.length}`);
  }
  const allowed = input.expiries ? new Set(input.expiries) : undefined;
  const options = input.strikes.filter((c) => c.optionType !== "" && (!allowed || allowed.has(c.expiry)));
  if (options.length === 0) return refuse(`${underlying} has no listed options`);
  const optionExpiries = [...new Set(options.map((c) => c.expiry))].sort();
  const expiry = pickNamedExpiry(optionExpiries, input.today, input.expiry);
  if (!expiry) return refuse(input.expiry ? `${underlying} has no options expiring ${typeof input.expiry === "string" ? input.expiry : input.expiry.text}` : `${underlying} has no unexpired options`);
  const listed = [...new Set(options.filter((c) => c.expiry === expiry).map((c) => c.strikePrice))].sort((a, b) => a - b);
  if (!(input.spot > 0)) return refuse(`No live price for ${underlying}: ATM cannot be found`);
  let atm = 0;
  for (let k = 1; k < listed.length; k++) if (Math.abs(listed[k]! - input.spot) < Math.abs(listed[atm]! - input.spot)) atm = k;

  // Each slot to a listed strike.
  const strikes: number[] = [];
  for (const slot of slots) {
    let at: number;
    if (slot.widths !== undefined && input.width !== undefined) {
      const target = listed[atm]! + slot.widths * input.width;
      at = atm;
      for (let k = 0; k < listed.length; k++) {
        const d = Math.abs(listed[k]! - target);
        const best = Math.abs(listed[at]! - target);
        if (d < best || (d === best && Math.abs(k - atm) < Math.abs(at - atm))) at = k;
      }
    } else {
      at = atm + slot.steps;
      if (at < 0 || at >= listed.length) {
        const room = slot.steps > 0 ? listed.length - 1 - atm : atm;
        return refuse(`${slotLabel(slot)} is past the end of the ${underlying} ${formatDate(expiry)} chain: it lists ${room} strike${room === 1 ? "" : "s"} ${slot.steps > 0 ? "above" : "below"} the ATM ${strikeText(listed[atm]!, input.exchange)}`);
      }
    }
    strikes.push(listed[at]!);
  }
  for (let k = 1; k < strikes.length; k++) {
    if (strikes[k]! <= strikes[k - 1]!) {
      return refuse(
        input.width !== undefined && slots.some((s) => s.widths !== undefined)
          ? `A width of ${input.width} points puts two strikes of ${preset.name} on ${strikeText(strikes[k - 1]!, input.exchange)}: widen it past the ${underlying} strike step`
          : `The strikes of ${preset.name} must rise in order (${slots.map(slotLabel).join(" ")})`,
      );
    }
  }

  const next = optionExpiries.find((e) => e > expiry);
  const legs: ResolvedLeg[] = [];
  for (const l of preset.legs) {
    const legExpiry = l.expiry === "next" ? next : expiry;
    if (!legExpiry) return refuse(`${preset.name} needs an expiry after ${formatDate(expiry)}: ${underlying} lists none`);
    const count = l.ratio * lots;
    if (l.instrument === "EQ") {
      if (!input.equity) return refuse(`${underlying} has no share to hold for ${preset.name}`);
      legs.push({ ...input.equity, optionType: "EQ", strike: 0, expiry: "", side: l.side, lots: count, lotSize: input.lotSize ?? options[0]!.lotSize ?? 1 });
      continue;
    }
    if (l.instrument === "FUT") {
      const fut = input.strikes.filter((c) => c.optionType === "" && c.insType.startsWith("FUT") && c.expiry >= legExpiry).sort((a, b) => (a.expiry < b.expiry ? -1 : a.expiry > b.expiry ? 1 : 0))[0];
      if (!fut) return refuse(`${underlying} lists no future expiring on or after ${legExpiry}`);
      const lotSize = fut.lotSize ?? input.lotSize;
      if (!lotSize) return refuse(`The lot size of ${fut.tradingSymbol} is not known`);
      legs.push({ token: fut.token, symbol: fut.tradingSymbol, exchange: input.exchange, optionType: "FUT", strike: 0, expiry: fut.expiry, side: l.side, lots: count, lotSize });
      continue;
    }
    const strike = strikes[l.slot ?? 0]!;
    const c = options.find((o) => o.expiry === legExpiry && o.strikePrice === strike && o.optionType === l.instrument);
    if (!c) return refuse(`${underlying} ${formatDate(legExpiry)} lists no ${strikeText(strike, input.exchange)} ${l.instrument}`);
    const lotSize = c.lotSize ?? input.lotSize;
    if (!lotSize) return refuse(`The lot size of ${c.tradingSymbol} is not known`);
    legs.push({ token: c.token, symbol: c.tradingSymbol, exchange: input.exchange, optionType: l.instrument, strike, expiry: legExpiry, side: l.side, lots: count, lotSize });
  }
  return { ok: true, legs, expiry, atm: listed[atm]!, note: `${preset.name} on ${underlying}, ATM ${strikeText(listed[atm]!, input.exchange)} at spot ${formatPrice(input.spot, input.exchange)}, expiry ${formatDate(expiry)}` };
}

function pickNamedExpiry(expiries: readonly string[], today: string, named: ExpiryWord | string | undefined): string | undefined {
  if (typeof named === "string") return expiries.includes(named) && named >= today ? named : undefined;
  return pickExpiry(expiries, today, named);
}

/**
 * A resolved leg as the payoff reads it (src/core/strategy/payoff.ts): units are lots x lot size,
 * priced at `entry` and valued at `iv` (a fraction). undefined for a share, which the payoff does
 * not value.
 */
export function payoffLeg(leg: ResolvedLeg, entry: number, iv: number): StrategyLeg | undefined {
  if (leg.optionType === "EQ") return undefined;
  return { kind: leg.optionType, strike: leg.strike, expiry: leg.expiry, side: leg.side, quantity: leg.lots * leg.lotSize, entry, iv };
}
