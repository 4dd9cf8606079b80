import { exchangeIndex } from "../types/exchange";
import type { SearchScrip } from "./scrip";
import { EXCHANGE_WORDS, expiryWords } from "./words";
import { WordTable } from "./wordTable";

/**
 * The search index laid out in typed arrays: the master is read once for its groups and once
 * for its words; everything after that works on integers.
 *
 * Contracts are numbered in rank order: groups (one symbol's chain on one exchange and expiry,
 * or one share) sorted by kind (shares, indices, futures, options; NSE ahead), expiry, symbol and
 * exchange, and within a group by strike, call before put. A contract's id is its place in that
 * order, so every posting list is already in rank order and ties between equal scores are broken
 * by comparing two integers.
 *
 * The words a chain shares (symbol, company, exchange, expiry, the common head of its contract
 * descriptions) are kept once per group, and their posting lists list groups, not contracts: a
 * chain word costs the build one entry however long the chain. A contract keeps only its own
 * words (strike, CE/PE), posted per contract.
 */
export interface IndexLayout {
  /** The contracts in rank order: id -> contract. */
  readonly scrips: readonly SearchScrip[];
  /** id -> the contract's place in the list the index was built from (scrips[id] === input[inputOf[id]]). */
  readonly inputOf: Int32Array;
  /** Every distinct word, sorted, so the words a query word starts form one range of term numbers. */
  readonly terms: readonly string[];
  readonly termLength: Int32Array;
  /** The groups having term t: termGroups[termGroupStart[t] .. termGroupStart[t + 1]), ascending. */
  readonly termGroupStart: Int32Array;
  readonly termGroups: Int32Array;
  /** The contracts having term t as an own word: termOwn[termOwnStart[t] .. termOwnStart[t + 1]), ascending. */
  readonly termOwnStart: Int32Array;
  readonly termOwn: Int32Array;
  /** How many contracts the terms before t have, so a range of terms is sized by one subtraction. */
  readonly contractsBefore: Float64Array;
  /** id -> group; a group's ids are groupStart[g] .. groupStart[g + 1]. */
  readonly groupOf: Int32Array;
  readonly groupStart: Int32Array;
  /** A group's words: groupWords[groupWordStart[g] .. groupWordStart[g + 1]) (term numbers). */
  readonly groupWordStart: Int32Array;
  readonly groupWords: Int32Array;
  /** A contract's own words: ownWords[ownStart[id] .. ownStart[id + 1]). */
  readonly ownStart: Int32Array;
  readonly ownWords: Int32Array;
  /** The term of the group's symbol; -1 when the symbol is not one word that starts every trading symbol of the group. */
  readonly groupSymbolTerm: Int32Array;
  readonly groupSymbolLength: Int32Array;
  /** Regular groups by upper-cased symbol, for a word typed past the symbol ("INFY26NOV"). */
  readonly groupsBySymbol: ReadonlyMap<string, readonly number[]>;
  /** Contracts of irregular groups: their trading symbols are searched one by one. */
  readonly irregular: Int32Array;
  /** Kind and exchange part of the score by id: shares 3, indices 2.5, futures 1, options 0, NSE +0.25. */
  readonly base: Float64Array;
  /** exchangeIndex() of each id. */
  readonly exchange: Uint8Array;
}

function kindRank(insType: string): number {
  if (insType === "EQ") return 3;
  if (insType === "INDEX") return 2.5;
  if (insType.startsWith("FUT")) return 1;
  return 0;
}

const baseOf = (s: SearchScrip): number => kindRank(s.insType) + (s.exchange.startsWith("NSE") ? 0.25 : 0);

const compareText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

// The build is a few small functions rather than one: each loop over a hundred thousand
// contracts gets compiled on its own, where one large function waited for a long compilation
// (160 ms in a profile) and ran most of the first build unoptimized.

/** Growable Int32Array list: a hundred thousand contracts' words without boxing them in arrays. */
class IntList {
  data: Int32Array;
  length = 0;
  // Sized for the master up front where the size is known: a list that grows swaps its array,
  // and V8 then drops the compiled code that took the first array for a constant.
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }
  done(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Contracts of one group: the master lists a chain's contracts together, so most comparisons are of the same string. */
const sameGroup = (a: SearchScrip, b: SearchScrip): boolean =>
  a.symbol === b.symbol && a.expiry === b.expiry && a.insType === b.insType && a.exchange === b.exchange && a.companyName === b.companyName;

/** Within a group: by strike, call before put, then trading symbol. */
function compareMembers(x: SearchScrip, y: SearchScrip): number {
  return x.strikePrice - y.strikePrice || compareText(x.optionType ?? "", y.optionType ?? "") || compareText(x.tradingSymbol, y.tradingSymbol);
}

/** compareMembers(x, y) <= 0, without comparing strings for the usual next strike or a call's put. */
function inMemberOrder(x: SearchScrip, y: SearchScrip): boolean {
  if (x.strikePrice !== y.strikePrice) return x.strikePrice < y.strikePrice;
  if (x.optionType === "CE" && y.optionType === "PE") return true;
  return compareMembers(x, y) <= 0;
}

interface Groups {
  /** input index -> group (in order of first appearance). */
  of: Int32Array;
  /** The input index of each group's first contract. */
  heads: number[];
  sizes: number[];
  /** Groups whose contracts the input does not list in member order (or not together). */
  unsorted: Set<number>;
}

/** Groups: consecutive runs of one chain, merged by key when a chain's contracts are apart. */
function findGroups(input: readonly SearchScrip[]): Groups {
  const of = new Int32Array(input.length);
  const keys = new Map<string, number>();
  const heads: number[] = [];
  const sizes: number[] = [];
  const unsorted = new Set<number>();
  let g = -1;
  for (let i = 0; i < input.length; i++) {
    const s = input[i]!;
    const previous = i > 0 ? input[i - 1]! : undefined;
    if (previous && sameGroup(previous, s)) {
      if (!inMemberOrder(previous, s)) unsorted.add(g);
    } else {
      const key = `${s.exchange} ${s.insType} ${s.expiry} ${s.symbol}\u0000${s.companyName}`;
      let found = keys.get(key);
      if (found === undefined) {
        keys.set(key, (found = heads.length));
        heads.push(i);
        sizes.push(0);
      } else unsorted.add(found);
      g = found;
    }
    of[i] = g;
    sizes[g]!++;
  }
  return { of, heads, sizes, unsorted };
}

/** Groups of one kind and exchange part: by expiry, symbol, exchange. */
function compareGroups(x: SearchScrip, y: SearchScrip): number {
  return (
    compareText(x.expiry, y.expiry) ||
    compareText(x.symbol, y.symbol) ||
    compareText(x.exchange, y.exchange) ||
    compareText(x.insType, y.insType) ||
    compareText(x.companyName, y.companyName)
  );
}

/** Rank order: groups by kind, expiry, symbol and exchange; a group's contracts by strike. */
function rankOrder(input: readonly SearchScrip[], groups: Groups): { byRank: Int32Array; groupStart: Int32Array } {
  const count = groups.heads.length;
  const heads = groups.heads.map((i) => input[i]!);
  const bases = heads.map(baseOf);
  const order = Array.from({ length: count }, (_, k) => k).sort((a, b) => bases[b]! - bases[a]! || compareGroups(heads[a]!, heads[b]!));
  const placeOf = new Int32Array(count);
  const groupStart = new Int32Array(count + 1);
  for (let p = 0; p < count; p++) {
    placeOf[order[p]!] = p;
    groupStart[p + 1] = groupStart[p]! + groups.sizes[order[p]!]!;
  }
  const byRank = new Int32Array(input.length);
  const fillAt = groupStart.slice(0, count);
  for (let i = 0; i < input.length; i++) byRank[fillAt[placeOf[groups.of[i]!]!]!++] = i;
  for (const k of groups.unsorted) {
    const p = placeOf[k]!;
    byRank.subarray(groupStart[p]!, groupStart[p + 1]!).sort((a, b) => compareMembers(input[a]!, input[b]!) || a - b);
  }
  return { byRank, groupStart };
}

/** Reads every group's words and each contract's own, in rank order, into flat lists. */
class GroupReader {
  readonly groupWordStart: Int32Array;
  readonly groupWords: IntList;
  readonly ownStart: Int32Array;
  readonly ownWords: IntList;
  /** The group's symbol as a word number, -1 for an irregular group. */
  readonly symbolWord: Int32Array;
  readonly symbolLength: Int32Array;
  readonly irregular = new IntList(1024);
  readonly base: Float64Array;
  readonly exchange: Uint8Array;
  private readonly exchangeIds = new Map<string, readonly number[]>();
  private readonly expiryIds = new Map<string, readonly number[]>();
  private readonly strikes = new Map<number, { text: string; wordIds: readonly number[]; textIds: readonly number[] }>();
  private readonly futId: number;
  // NaN, not 0: a strike field that starts as a small integer changes representation at the first
  // fractional strike, and V8 then drops the build's compiled code half way through the master.
  private lastStrike = Number.NaN;
  private lastStrikeText = "";
  private lastStrikeWordIds: readonly number[] = [];
  private lastStrikeIds: readonly number[] = [];
  private lastOptionType = "";
  private lastOptionIds: readonly number[] = [];

  constructor(
    private readonly scrips: readonly SearchScrip[],
    private readonly groupStart: Int32Array,
    private readonly words: WordTable,
  ) {
    const groups = groupStart.length - 1;
    this.groupWordStart = new Int32Array(groups + 1);
    this.ownStart = new Int32Array(scrips.length + 1);
    // A chain has about ten words of its own (symbol, company, exchange, expiry forms); an option two (strike, CE/PE).
    this.groupWords = new IntList(groups * 16);
    this.ownWords = new IntList(scrips.length * 2 + 1024);
    this.symbolWord = new Int32Array(groups);
    this.symbolLength = new Int32Array(groups);
    this.base = new Float64Array(scrips.length);
    this.exchange = new Uint8Array(scrips.length);
    this.futId = words.intern("fut");
  }

  readAll(): void {
    for (let p = 0; p + 1 < this.groupStart.length; p++) {
      const from = this.groupStart[p]!;
      const end = this.groupStart[p + 1]!;
      // The shared head of the descriptions is guessed from three of them and checked on every
      // contract as it is read; a group where the guess fails is read again with the exact head.
      const groupWordsAt = this.groupWords.length;
      const ownWordsAt = this.ownWords.length;
      if (this.readGroup(p, guessSharedHead(this.scrips, from, end))) continue;
      this.groupWords.length = groupWordsAt;
      this.ownWords.length = ownWordsAt;
      this.readGroup(p, sharedHead(this.scrips, from, end));
    }
    this.ownStart[this.scrips.length] = this.ownWords.length;
  }

  private addGroupWords(ids: readonly number[], keep: number): void {
    for (let k = 0; k < ids.length; k++) if (this.words.isNew(ids[k]!, keep)) this.groupWords.push(ids[k]!);
  }

  /** False when a contract's description does not start with the shared head given. */
  private readGroup(p: number, shared: number): boolean {
    const from = this.groupStart[p]!;
    const end = this.groupStart[p + 1]!;
    const head = this.scrips[from]!;
    const words = this.words;
    const groupMark = words.nextMark();
    this.groupWordStart[p] = this.groupWords.length;
    const symbolIds = words.idsOfText(head.symbol);
    this.addGroupWords(symbolIds, groupMark);
    this.addGroupWords(words.idsOfText(head.companyName), groupMark);
    let ex = this.exchangeIds.get(head.exchange);
    if (!ex) this.exchangeIds.set(head.exchange, (ex = EXCHANGE_WORDS[head.exchange].map((w) => words.intern(w))));
    this.addGroupWords(ex, groupMark);
    if (head.expiry) {
      let ids = this.expiryIds.get(head.expiry);
      if (!ids) this.expiryIds.set(head.expiry, (ids = expiryWords(head.expiry).map((w) => words.intern(w))));
      this.addGroupWords(ids, groupMark);
    }
    if (head.insType.startsWith("FUT")) this.addGroupWords([this.futId], groupMark);
    // The head every description of the group shares, cut at a space, is the group's too.
    const hd = head.formattedInsName;
    for (let at = 0; at < shared; ) {
      let stop = hd.indexOf(" ", at);
      if (stop < 0 || stop > shared) stop = shared;
      if (stop > at) this.addGroupWords(words.pieceIds(hd, at, stop), groupMark);
      at = stop + 1;
    }
    this.groupWordStart[p + 1] = this.groupWords.length;

    const upperSymbol = head.symbol.toUpperCase();
    const regular = this.readMembers(from, end, hd.slice(0, shared), groupMark, upperSymbol);
    if (regular === undefined) return false;
    this.base.fill(baseOf(head), from, end);
    this.exchange.fill(exchangeIndex(head.exchange), from, end);
    this.symbolLength[p] = head.symbol.length;
    if (regular && symbolIds.length === 1 && words.texts[symbolIds[0]!] === head.symbol.toLowerCase()) {
      this.symbolWord[p] = symbolIds[0]!;
    } else {
      this.symbolWord[p] = -1;
      for (let r = from; r < end; r++) this.irregular.push(r);
    }
    return true;
  }

  /**
   * Each contract's own words: its description past the shared head, its strike and CE/PE.
   * True when every trading symbol starts with the symbol; undefined when a description does
   * not start with the shared head.
   */
  private readMembers(from: number, end: number, head: string, groupMark: number, upperSymbol: string): boolean | undefined {
    const words = this.words;
    const shared = head.length;
    let regular = true;
    for (let r = from; r < end; r++) {
      const s = this.scrips[r]!;
      const d = s.formattedInsName;
      if (!d.startsWith(head)) return undefined;
      words.nextMark();
      this.ownStart[r] = this.ownWords.length;
      const strike = s.strikePrice;
      if (strike > 0 && strike !== this.lastStrike) this.useStrike(strike);
      const option = s.optionType ?? "";
      if (option !== this.lastOptionType) {
        this.lastOptionType = option;
        this.lastOptionIds = option ? words.idsOfText(option) : [];
      }
      // An option's description ends "<strike> <CE|PE>" past the head: its words are then the
      // strike's and the option type's, and the description is not split.
      const st = this.lastStrikeText;
      if (
        strike > 0 &&
        option !== "" &&
        d.length === shared + st.length + 1 + option.length &&
        d.startsWith(st, shared) &&
        d.charCodeAt(shared + st.length) === 32 &&
        d.endsWith(option)
      ) {
        this.addOwnWords(this.lastStrikeIds, groupMark);
      } else {
        for (let at = shared; at < d.length; ) {
          let stop = d.indexOf(" ", at);
          if (stop < 0) stop = d.length;
          if (stop > at) this.addOwnWords(words.pieceIds(d, at, stop), groupMark);
          at = stop + 1;
        }
      }
      if (strike > 0) this.addOwnWords(this.lastStrikeWordIds, groupMark);
      this.addOwnWords(this.lastOptionIds, groupMark);
      if (regular && !startsWithUpper(s.tradingSymbol, upperSymbol)) regular = false;
    }
    return regular;
  }

  private addOwnWords(ids: readonly number[], groupMark: number): void {
    for (let k = 0; k < ids.length; k++) if (this.words.isNew(ids[k]!, groupMark)) this.ownWords.push(ids[k]!);
  }

  /** A strike's word ("24500"), and the words of its text as a description shows it ("83.25" reads as 83 and 25). */
  private useStrike(strike: number): void {
    let known = this.strikes.get(strike);
    if (!known) {
      const text = String(strike);
      known = { text, wordIds: [this.words.intern(text)], textIds: this.words.idsOfText(text) };
      this.strikes.set(strike, known);
    }
    this.lastStrike = strike;
    this.lastStrikeText = known.text;
    this.lastStrikeWordIds = known.wordIds;
    this.lastStrikeIds = known.textIds;
  }
}

/** The shared head as the first, second and last descriptions of a group have it. */
function guessSharedHead(scrips: readonly SearchScrip[], from: number, end: number): number {
  const hd = scrips[from]!.formattedInsName;
  if (end - from === 1) return hd.length;
  const second = scrips[from + 1]!.formattedInsName;
  const last = scrips[end - 1]!.formattedInsName;
  const common = Math.min(commonLength(hd, second), commonLength(hd, last));
  if (common === hd.length && second.length === hd.length && last.length === hd.length) return hd.length;
  return common > 0 ? hd.lastIndexOf(" ", common - 1) + 1 : 0;
}

/** How much of its description every contract of a group shares, cut at a space (all of it when they are one text). */
function sharedHead(scrips: readonly SearchScrip[], from: number, end: number): number {
  const hd = scrips[from]!.formattedInsName;
  let common = hd.length;
  let sameLength = true;
  for (let r = from + 1; r < end; r++) {
    const d = scrips[r]!.formattedInsName;
    if (d.length !== hd.length) sameLength = false;
    common = Math.min(common, commonLength(hd, d));
  }
  if (common === hd.length && sameLength) return hd.length;
  return common > 0 ? hd.lastIndexOf(" ", common - 1) + 1 : 0;
}

function commonLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let k = 0;
  while (k < limit && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  return k;
}

/** Whether text starts with an upper-cased prefix, small letters of text read as capitals. */
export function startsWithUpper(text: string, upper: string): boolean {
  if (text.startsWith(upper)) return true;
  if (text.length < upper.length) return false;
  for (let i = 0; i < upper.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122 ? c - 32 : c) !== upper.charCodeAt(i)) return false;
  }
  return true;
}

function renumber(list: Int32Array, termOf: Int32Array): void {
  for (let k = 0; k < list.length; k++) list[k] = termOf[list[k]!]!;
}

/**
 * Posting lists by a counting pass over a flat list of (owner, words): owners are visited in
 * rank order, so each term's list ascends.
 */
function postingLists(termCount: number, wordStart: Int32Array, words: Int32Array): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(termCount + 1);
  for (let k = 0; k < words.length; k++) start[words[k]! + 1]!++;
  for (let t = 0; t < termCount; t++) start[t + 1]! += start[t]!;
  const list = new Int32Array(words.length);
  const fill = start.slice(0, termCount);
  const owners = wordStart.length - 1;
  for (let o = 0; o < owners; o++) {
    for (let k = wordStart[o]!, end = wordStart[o + 1]!; k < end; k++) list[fill[words[k]!]!++] = o;
  }
  return { start, list };
}

/** Regular groups by their symbol's word in capitals (the symbol is that word, read without case). */
export function groupsBySymbol(terms: readonly string[], groupSymbolTerm: Int32Array): Map<string, number[]> {
  const bySymbol = new Map<string, number[]>();
  for (let p = 0; p < groupSymbolTerm.length; p++) {
    const t = groupSymbolTerm[p]!;
    if (t < 0) continue;
    const upper = terms[t]!.toUpperCase();
    const list = bySymbol.get(upper);
    if (list) list.push(p);
    else bySymbol.set(upper, [p]);
  }
  return bySymbol;
}

export function layoutIndex(input: readonly SearchScrip[]): IndexLayout {
  const { byRank, groupStart } = rankOrder(input, findGroups(input));
  const scrips = new Array<SearchScrip>(input.length);
  for (let r = 0; r < input.length; r++) scrips[r] = input[byRank[r]!]!;
  const words = new WordTable();
  const reader = new GroupReader(scrips, groupStart, words);
  reader.readAll();

  // Word numbers become term numbers, so the words a query word starts are one range.
  const { terms, termOf } = words.sorted();
  const termLength = new Int32Array(terms.length);
  for (let t = 0; t < terms.length; t++) termLength[t] = terms[t]!.length;
  const groupWords = reader.groupWords.done();
  const ownWords = reader.ownWords.done();
  renumber(groupWords, termOf);
  renumber(ownWords, termOf);
  const groupSymbolTerm = reader.symbolWord.map((w) => (w < 0 ? -1 : termOf[w]!));
  const groupOf = new Int32Array(input.length);
  for (let p = 0; p + 1 < groupStart.length; p++) groupOf.fill(p, groupStart[p]!, groupStart[p + 1]!);
  const byGroup = postingLists(terms.length, reader.groupWordStart, groupWords);
  const byOwn = postingLists(terms.length, reader.ownStart, ownWords);
  const contractsBefore = new Float64Array(terms.length + 1);
  for (let t = 0; t < terms.length; t++) {
    let size = byOwn.start[t + 1]! - byOwn.start[t]!;
    for (let k = byGroup.start[t]!; k < byGroup.start[t + 1]!; k++) size += groupStart[byGroup.list[k]! + 1]! - groupStart[byGroup.list[k]!]!;
    contractsBefore[t + 1] = contractsBefore[t]! + size;
  }

  return {
    scrips,
    inputOf: byRank,
    terms,
    termLength,
    termGroupStart: byGroup.start,
    termGroups: byGroup.list,
    termOwnStart: byOwn.start,
    termOwn: byOwn.list,
    contractsBefore,
    groupOf,
    groupStart,
    groupWordStart: reader.groupWordStart,
    groupWords,
    ownStart: reader.ownStart,
    ownWords,
    groupSymbolTerm,
    groupSymbolLength: reader.symbolLength,
    groupsBySymbol: groupsBySymbol(terms, groupSymbolTerm),
    irregular: reader.irregular.done(),
    base: reader.base,
    exchange: reader.exchange,
  };
}
