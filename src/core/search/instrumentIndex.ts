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

function wordsOf(s: SearchScrip): string[] {
  const words = new Set<string>();
  const addText = (t: string) => {
    for (const w of normalizeQuery(t.replace(/[.,()]/g, " "))) words.add(w);
  };
  words.add(s.symbol.toLowerCase());
  words.add(s.tradingSymbol.toLowerCase());
  addText(s.companyName);
  addText(s.formattedInsName);
  if (s.expiry) {
    const [yyyy = "", mm = "1", dd = ""] = s.expiry.split("-");
    const mon = MONTHS[Number(mm) - 1] ?? "";
    words.add(`${yyyy.slice(2)}${mon}`);
    words.add(`${dd}${mon}`);
    words.add(mon);
    words.add(yyyy);
  }
  if (s.strikePrice > 0) words.add(String(s.strikePrice));
  if (s.optionType) words.add(s.optionType.toLowerCase());
  if (s.insType.startsWith("FUT")) words.add("fut");
  for (const w of EXCHANGE_WORDS[s.exchange]) words.add(w);
  return [...words];
}

/** Kind order in results: shares, then indices, then futures, then options. */
function kindRank(insType: string): number {
  if (insType === "EQ") return 3;
  if (insType === "INDEX") return 2.5;
  if (insType.startsWith("FUT")) return 1;
  return 0;
}

export function buildInstrumentIndex(scrips: readonly SearchScrip[]): InstrumentIndex {
  const postingLists = new Map<string, number[]>();
  scrips.forEach((s, id) => {
    for (const w of wordsOf(s)) {
      const list = postingLists.get(w);
      if (list) list.push(id);
      else postingLists.set(w, [id]);
    }
  });
  const terms = [...postingLists.keys()].sort();
  const postings = terms.map((t) => Int32Array.from(postingLists.get(t) as number[]));
  const base = scrips.map((s) => kindRank(s.insType) + (s.exchange.startsWith("NSE") ? 0.25 : 0));
  const stamp = new Int32Array(scrips.length);
  const best = new Float64Array(scrips.length);
  const total = new Float64Array(scrips.length);
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

  const hasPrefix = (word: string): boolean => (terms[lowerBound(word)] ?? "").startsWith(word);

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
        for (let i = lowerBound(word); i < terms.length && (terms[i] as string).startsWith(word); i++) {
          const term = terms[i] as string;
          // An exact word beats a prefix; a prefix covering more of the word beats a shorter one.
          const weight = term.length === word.length ? 3 : 1 + word.length / term.length;
          const list = postings[i] as Int32Array;
          for (let j = 0; j < list.length; j++) {
            const id = list[j] as number;
            const st = stamp[id] as number;
            if (st === current) {
              if (weight > (best[id] as number)) best[id] = weight;
              continue;
            }
            if (wi > 0 && st !== previous) continue; // did not match the earlier words
            stamp[id] = current;
            best[id] = weight;
            next.push(id);
          }
        }
        for (const id of next) total[id] = (wi === 0 ? 0 : (total[id] as number)) + (best[id] as number);
        matched = next;
        if (matched.length === 0) break;
      }
      const allowed = options.exchanges && options.exchanges.length > 0 ? new Set(options.exchanges) : null;
      // "nifty 26dec 24650 ce" read as one word is the monthly contract's trading symbol: prefer it
      // to the weekly contracts of the same month that also match word by word.
      const joined = words.join("");
      const hits: Array<{ id: number; score: number }> = [];
      for (const id of matched) {
        const score = total[id] as number;
        const s = scrips[id] as SearchScrip;
        if (allowed && !allowed.has(s.exchange)) continue;
        const symbolBonus = words.includes(s.symbol.toLowerCase()) ? 5 : 0;
        const symbolText = s.tradingSymbol.toLowerCase();
        const joinedBonus = words.length > 1 && symbolText.startsWith(joined) ? (symbolText === joined ? 4 : 2) : 0;
        hits.push({ id, score: score + symbolBonus + joinedBonus + (base[id] as number) });
      }
      hits.sort((a, b) => {
        if (b.score !== a.score) return b.score - a.score;
        const x = scrips[a.id] as SearchScrip;
        const y = scrips[b.id] as SearchScrip;
        if (x.expiry !== y.expiry) return x.expiry < y.expiry ? -1 : 1;
        if (x.strikePrice !== y.strikePrice) return x.strikePrice - y.strikePrice;
        return x.tradingSymbol < y.tradingSymbol ? -1 : x.tradingSymbol > y.tradingSymbol ? 1 : 0;
      });
      const offset = Math.max(0, options.offset ?? 0);
      const limit = Math.max(0, options.limit ?? 20);
      return { total: hits.length, items: hits.slice(offset, offset + limit).map((h) => scrips[h.id] as SearchScrip) };
    },
  };
}
