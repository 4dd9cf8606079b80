import type { Exchange } from "../types/exchange";

/**
 * The instrument search index: pure TypeScript, no DOM, so the paper broker answers
 * POST search with it and the client can run the same index in a Web Worker.
 *
 * Every instrument is indexed under its words: symbol, trading symbol, company-name words,
 * contract-description words, expiry forms ("26nov" as year+month and "24nov" as day+month,
 * "nov", "2026"), strike, CE/PE/FUT and exchange names. A query matches an instrument when
 * every query word is a prefix of one of its words, so "nifty 25jan 21000 ce" finds the
 * NIFTY 21000 call of January 2025. Lookup is a binary search into the sorted word list per
 * query word; no scan of the instruments.
 */

export interface SearchScrip {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  symbol: string;
  companyName: string;
  formattedInsName: string;
  insType: string;
  /** "YYYY-MM-DD" or "". */
  expiry: string;
  strikePrice: number;
  optionType: "CE" | "PE" | null;
  lotSize: number;
  tickSize: number;
}

export interface SearchOptions {
  /** Only these exchanges (the spec's exchange list); all when absent or empty. */
  exchanges?: readonly Exchange[];
  offset?: number;
  limit?: number;
}

export interface SearchResult {
  total: number;
  items: SearchScrip[];
}

export interface InstrumentIndex {
  readonly size: number;
  search(text: string, options?: SearchOptions): SearchResult;
}

/** "search needs at least 2 characters" (access-and-surroundings section 5). */
export const MIN_SEARCH_LENGTH = 2;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

const EXCHANGE_WORDS: Record<Exchange, string[]> = {
  NSEEQ: ["nse", "nseeq"],
  BSEEQ: ["bse", "bseeq"],
  NSEFO: ["nse", "nsefo", "fo"],
  BSEFO: ["bse", "bsefo", "fo"],
  NSECURR: ["nse", "nsecurr", "cds", "currency"],
  BSECURR: ["bse", "bsecurr", "currency"],
  MCXCOMM: ["mcx", "mcxcomm"],
  NCDEXCOMM: ["ncdex", "ncdexcomm"],
  NSECOMM: ["nse", "nsecomm"],
  BSECOMM: ["bse", "bsecomm"],
};

export function normalizeQuery(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.&\- ]+/g, " ")
    .split(/\s+/)
    .filter((w) => w !== "");
}

/** Kind order in results: shares, then indices, then futures, then options. */
function kindRank(insType: string): number {
  if (insType === "EQ") return 3;
  if (insType === "INDEX") return 2.5;
  if (insType.startsWith("FUT")) return 1;
  return 0;
}

interface Postings {
  terms: string[];
  starts: Int32Array;
  ends: Int32Array;
  data: Int32Array;
}

/**
 * Trading symbols, one per contract, are kept apart from the shared words: upper-cased scrip ids
 * sorted by symbol, searched with an upper-cased query word. Interning a hundred thousand
 * unique strings in a map is what made the index slow to build.
 */
interface SymbolTable {
  upper: string[];
  order: Int32Array;
}

function buildSymbolTable(scrips: readonly SearchScrip[]): SymbolTable {
  const upper = scrips.map((s) => (/[a-z]/.test(s.tradingSymbol) ? s.tradingSymbol.toUpperCase() : s.tradingSymbol));
  const ids = Array.from({ length: scrips.length }, (_, i) => i);
  ids.sort((a, b) => {
    const x = upper[a] as string;
    const y = upper[b] as string;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  return { upper, order: Int32Array.from(ids) };
}

/** Words of a piece of text (a company name, a description), as a query's words are read. */
function textWords(text: string): string[] {
  return normalizeQuery(text.replace(/[.,()]/g, " "));
}

/**
 * The posting lists of every word, built for a master of 100,000 contracts in well under 100 ms:
 * words are interned to numbers and the texts contracts share (company names, description words,
 * expiries, strikes, exchanges) are read once, not once per contract; postings are laid out by a
 * counting pass into one Int32Array instead of one growing array per word.
 */
function buildPostings(scrips: readonly SearchScrip[]): Postings {
  const idOf = new Map<string, number>();
  const texts: string[] = [];
  const intern = (w: string): number => {
    let id = idOf.get(w);
    if (id === undefined) {
      id = texts.length;
      idOf.set(w, id);
      texts.push(w);
    }
    return id;
  };
  // Keyed by the scrips' own strings: a master shares one symbol, company name and expiry string
  // among all the contracts of a chain, and a string that was hashed once is looked up cheaply.
  const memo = new Map<string, number[]>();
  const idsOfText = (text: string): number[] => {
    let ids = memo.get(text);
    if (!ids) memo.set(text, (ids = textWords(text).map(intern)));
    return ids;
  };
  const expiryMemo = new Map<string, number[]>();
  const idsOfExpiry = (expiry: string): number[] => {
    let ids = expiryMemo.get(expiry);
    if (!ids) {
      const [yyyy = "", mm = "1", dd = ""] = expiry.split("-");
      const mon = MONTHS[Number(mm) - 1] ?? "";
      expiryMemo.set(expiry, (ids = [`${yyyy.slice(2)}${mon}`, `${dd}${mon}`, mon, yyyy].map(intern)));
    }
    return ids;
  };
  const exchangeIds = new Map<Exchange, number[]>();
  const futId = intern("fut");

  // A chain's contracts are consecutive in the master and share their symbol, company, exchange
  // and expiry words: those are posted once per run of contracts (a group), the rest per contract.
  let pairWords = new Int32Array(scrips.length * 4);
  let pairScrips = new Int32Array(scrips.length * 4);
  let pairs = 0;
  const runWords: number[] = [];
  const runStarts: number[] = [];
  const runEnds: number[] = [];
  let mark = new Int32Array(1024).fill(-1);
  let marker = 0;
  const marked = (word: number): boolean => {
    if (word >= mark.length) {
      const grown = new Int32Array(Math.max(word + 1, mark.length * 2)).fill(-1);
      grown.set(mark);
      mark = grown;
    }
    if (mark[word] === marker) return true;
    mark[word] = marker;
    return false;
  };
  const post = (word: number, id: number) => {
    if (pairs === pairWords.length) {
      const w = new Int32Array(pairs * 2);
      w.set(pairWords);
      pairWords = w;
      const p = new Int32Array(pairs * 2);
      p.set(pairScrips);
      pairScrips = p;
    }
    pairWords[pairs] = word;
    pairScrips[pairs++] = id;
  };

  let group: SearchScrip | null = null;
  let groupStart = 0;
  let groupWords: number[] = [];
  let groupMarker = 0;
  const closeGroup = (end: number) => {
    for (const w of groupWords) {
      runWords.push(w);
      runStarts.push(groupStart);
      runEnds.push(end);
    }
  };
  const sameGroup = (a: SearchScrip, b: SearchScrip) =>
    a.symbol === b.symbol && a.companyName === b.companyName && a.exchange === b.exchange && a.expiry === b.expiry && a.insType === b.insType;

  // A contract's description shares its head ("INFY 24 NOV 2026 ") with its group's first one:
  // those pieces' words are reused, only the rest ("1500 CE") is split.
  let headDesc = "";
  let headEnds: number[] = [];
  let headIds: number[][] = [];
  const strikeIds = new Map<number, number>();
  let current = 0;
  /** A word of this contract only: posted unless the group has it or the contract posted it already. */
  const own = (w: number) => {
    if (mark[w] === groupMarker) return;
    if (!marked(w)) post(w, current);
  };
  const ownAll = (ids: readonly number[]) => {
    for (let i = 0; i < ids.length; i++) own(ids[i] as number);
  };
  const piecesOf = (d: string, from: number, ends: number[], ids: number[][]) => {
    let at = from;
    while (at <= d.length) {
      let end = d.indexOf(" ", at);
      if (end < 0) end = d.length;
      ends.push(end);
      ids.push(end > at ? idsOfText(d.slice(at, end)) : []);
      at = end + 1;
    }
  };
  // The tail pieces of neighbouring contracts repeat ("1500" of the call and the put, "CE", "PE"):
  // a few recent ones are compared in place before a piece is cut out and looked up.
  const recentText: string[] = [];
  const recentIds: number[][] = [];
  let recentAt = 0;
  const pieceIds = (d: string, at: number, end: number): number[] => {
    const length = end - at;
    for (let r = 0; r < recentText.length; r++) {
      const t = recentText[r] as string;
      if (t.length === length && d.startsWith(t, at)) return recentIds[r] as number[];
    }
    const text = d.slice(at, end);
    const ids = idsOfText(text);
    recentText[recentAt] = text;
    recentIds[recentAt] = ids;
    recentAt = (recentAt + 1) % 6;
    return ids;
  };
  const postTail = (d: string, from: number) => {
    let at = from;
    while (at < d.length) {
      let end = d.indexOf(" ", at);
      if (end < 0) end = d.length;
      if (end > at) ownAll(pieceIds(d, at, end));
      at = end + 1;
    }
  };
  for (let id = 0; id < scrips.length; id++) {
    const s = scrips[id] as SearchScrip;
    current = id;
    const d = s.formattedInsName;
    if (!group || !sameGroup(group, s)) {
      closeGroup(id);
      group = s;
      groupStart = id;
      groupMarker = ++marker;
      let ex = exchangeIds.get(s.exchange);
      if (!ex) exchangeIds.set(s.exchange, (ex = EXCHANGE_WORDS[s.exchange].map(intern)));
      const words = [...idsOfText(s.symbol), ...idsOfText(s.companyName), ...ex];
      if (s.expiry) words.push(...idsOfExpiry(s.expiry));
      if (s.insType.startsWith("FUT")) words.push(futId);
      groupWords = words.filter((w) => !marked(w));
      headDesc = d;
      headEnds = [];
      headIds = [];
      piecesOf(d, 0, headEnds, headIds);
    }
    marker++; // this contract's own words
    const n = Math.min(d.length, headDesc.length);
    let common = 0;
    while (common < n && d.charCodeAt(common) === headDesc.charCodeAt(common)) common++;
    let k = 0;
    for (; k < headEnds.length && (headEnds[k] as number) < common; k++) ownAll(headIds[k] as number[]);
    if (k < headEnds.length || common < d.length) postTail(d, k === 0 ? 0 : (headEnds[k - 1] as number) + 1);
    if (s.strikePrice > 0) {
      let w = strikeIds.get(s.strikePrice);
      if (w === undefined) strikeIds.set(s.strikePrice, (w = intern(String(s.strikePrice))));
      own(w);
    }
    if (s.optionType) ownAll(idsOfText(s.optionType));
  }
  closeGroup(scrips.length);

  // Counting pass: each word's postings contiguous (runs expand to consecutive ids).
  const counts = new Int32Array(texts.length + 1);
  for (let i = 0; i < pairs; i++) {
    const w = (pairWords[i] as number) + 1;
    counts[w] = (counts[w] as number) + 1;
  }
  for (let r = 0; r < runWords.length; r++) {
    const w = (runWords[r] as number) + 1;
    counts[w] = (counts[w] as number) + (runEnds[r] as number) - (runStarts[r] as number);
  }
  for (let w = 0; w < texts.length; w++) counts[w + 1] = (counts[w + 1] as number) + (counts[w] as number);
  const data = new Int32Array(counts[texts.length] as number);
  // Runs (in group order) and pairs (in contract order) are merged by contract, so every word's
  // postings ascend and a later query word can look a candidate up by binary search.
  const fill = counts.slice(0, texts.length);
  let r = 0;
  for (let i = 0; i <= pairs; i++) {
    const id = i < pairs ? (pairScrips[i] as number) : Infinity;
    for (; r < runWords.length && (runStarts[r] as number) <= id; r++) {
      const w = runWords[r] as number;
      let at = fill[w] as number;
      for (let j = runStarts[r] as number, end = runEnds[r] as number; j < end; j++) data[at++] = j;
      fill[w] = at;
    }
    if (i === pairs) break;
    const w = pairWords[i] as number;
    data[fill[w] as number] = id;
    fill[w] = (fill[w] as number) + 1;
  }
  const terms = texts.slice().sort();
  const order = terms.map((t) => idOf.get(t) as number);
  const starts = new Int32Array(order.length);
  const ends = new Int32Array(order.length);
  order.forEach((w, i) => {
    starts[i] = counts[w] as number;
    ends[i] = counts[w + 1] as number;
  });
  return { terms, starts, ends, data };
}

export function buildInstrumentIndex(scrips: readonly SearchScrip[]): InstrumentIndex {
  const { terms, starts, ends, data } = buildPostings(scrips);
  const symbols = buildSymbolTable(scrips);
  const base = new Float64Array(scrips.length);
  for (let id = 0; id < scrips.length; id++) {
    const s = scrips[id] as SearchScrip;
    base[id] = kindRank(s.insType) + (s.exchange.startsWith("NSE") ? 0.25 : 0);
  }
  const stamp = new Int32Array(scrips.length);
  const best = new Float64Array(scrips.length);
  const total = new Float64Array(scrips.length);
  const score = new Float64Array(scrips.length);
  let generation = 0;

  function lowerBound(word: string): number {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((terms[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function contains(from: number, end: number, id: number): boolean {
    let lo = from;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((data[mid] as number) < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < end && data[lo] === id;
  }

  function symbolBound(upperWord: string): number {
    let lo = 0;
    let hi = symbols.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((symbols.upper[symbols.order[mid] as number] as string) < upperWord) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  const hasPrefix = (word: string): boolean => {
    if ((terms[lowerBound(word)] ?? "").startsWith(word)) return true;
    const upper = word.toUpperCase();
    return (symbols.upper[symbols.order[symbolBound(upper)] ?? -1] ?? "").startsWith(upper);
  };

  /**
   * "infyfut" is how traders type INFY's future: a word that matches nothing and reads as a
   * symbol followed by (the start of) "fut" is searched as the two words, so the list does not
   * go empty while "infyf", "infyfu" are typed.
   */
  function splitFut(word: string): string[] {
    if (hasPrefix(word)) return [word];
    for (const tail of ["fut", "fu", "f"]) {
      const head = word.slice(0, -tail.length);
      if (word.endsWith(tail) && head.length >= MIN_SEARCH_LENGTH && terms[lowerBound(head)] === head) return [head, tail];
    }
    return [word];
  }

  return {
    size: scrips.length,
    search(text, options = {}) {
      const words = normalizeQuery(text).flatMap(splitFut);
      if (words.length === 0 || text.trim().length < MIN_SEARCH_LENGTH) return { total: 0, items: [] };
      // Typed arrays stamped per query word instead of maps: a two-letter prefix touches
      // thousands of postings and this keeps a keystroke well under a millisecond.
      let matched: number[] = [];
      for (let wi = 0; wi < words.length; wi++) {
        const word = words[wi] as string;
        const previous = generation;
        const current = ++generation;
        const next: number[] = [];
        const visit = (id: number, weight: number) => {
          const st = stamp[id] as number;
          if (st === current) {
            if (weight > (best[id] as number)) best[id] = weight;
            return;
          }
          if (wi > 0 && st !== previous) return; // did not match the earlier words
          stamp[id] = current;
          best[id] = weight;
          next.push(id);
        };
        // An exact word beats a prefix; a prefix covering more of the word beats a shorter one.
        const weightOf = (termLength: number) => (termLength === word.length ? 3 : 1 + word.length / termLength);
        for (let i = lowerBound(word); i < terms.length && (terms[i] as string).startsWith(word); i++) {
          const weight = weightOf((terms[i] as string).length);
          const from = starts[i] as number;
          const end = ends[i] as number;
          if (wi > 0 && end - from > 16 * matched.length) {
            // "nifty 2": "2026" is on every contract; look the few candidates up in it instead.
            for (const id of matched) if (contains(from, end, id)) visit(id, weight);
          } else {
            for (let j = from; j < end; j++) visit(data[j] as number, weight);
          }
        }
        const upperWord = word.toUpperCase();
        for (let i = symbolBound(upperWord); i < symbols.order.length; i++) {
          const id = symbols.order[i] as number;
          const text = symbols.upper[id] as string;
          if (!text.startsWith(upperWord)) break;
          visit(id, weightOf(text.length));
        }
        for (const id of next) total[id] = (wi === 0 ? 0 : (total[id] as number)) + (best[id] as number);
        matched = next;
        if (matched.length === 0) break;
      }
      const allowed = options.exchanges && options.exchanges.length > 0 ? new Set(options.exchanges) : null;
      // "nifty 26dec 24650 ce" read as one word is the monthly contract's trading symbol: prefer it
      // to the weekly contracts of the same month that also match word by word.
      const joined = words.join("");
      const upperJoined = joined.toUpperCase();
      const symbolBonusOf = new Map<string, number>();
      const offset = Math.max(0, options.offset ?? 0);
      const limit = Math.max(0, options.limit ?? 20);
      const wanted = offset + limit;
      const better = (a: number, b: number): number => {
        const sa = score[a] as number;
        const sb = score[b] as number;
        if (sb !== sa) return sb - sa;
        const x = scrips[a] as SearchScrip;
        const y = scrips[b] as SearchScrip;
        if (x.expiry !== y.expiry) return x.expiry < y.expiry ? -1 : 1;
        if (x.strikePrice !== y.strikePrice) return x.strikePrice - y.strikePrice;
        return x.tradingSymbol < y.tradingSymbol ? -1 : x.tradingSymbol > y.tradingSymbol ? 1 : 0;
      };
      // Only the page is ordered: a two-letter prefix matches thousands of contracts, and keeping
      // the best `offset + limit` of them costs one comparison for most.
      const top: number[] = [];
      let count = 0;
      for (const id of matched) {
        const s = scrips[id] as SearchScrip;
        if (allowed && !allowed.has(s.exchange)) continue;
        count++;
        let symbolBonus = symbolBonusOf.get(s.symbol);
        if (symbolBonus === undefined) symbolBonusOf.set(s.symbol, (symbolBonus = words.includes(s.symbol.toLowerCase()) ? 5 : 0));
        const symbolText = symbols.upper[id] as string;
        const joinedBonus = words.length > 1 && symbolText.startsWith(upperJoined) ? (symbolText === upperJoined ? 4 : 2) : 0;
        score[id] = (total[id] as number) + symbolBonus + joinedBonus + (base[id] as number);
        if (wanted === 0) continue;
        if (top.length === wanted && better(id, top[wanted - 1] as number) >= 0) continue;
        let at = top.length;
        while (at > 0 && better(id, top[at - 1] as number) < 0) at--;
        top.splice(at, 0, id);
        if (top.length > wanted) top.pop();
      }
      return { total: count, items: top.slice(offset).map((id) => scrips[id] as SearchScrip) };
    },
  };
}
