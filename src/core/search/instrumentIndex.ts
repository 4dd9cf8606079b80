import type { Exchange } from "../types/exchange";
import { exchangeIndex } from "../types/exchange";
import { layoutIndex, startsWithUpper, type IndexLayout } from "./indexLayout";
import type { SearchScrip } from "./scrip";
import { normalizeQuery } from "./words";

export { normalizeQuery } from "./words";

/**
 * The instrument search index: pure TypeScript, no DOM, so the paper broker answers
 * POST search with it and the client can run the same index in a Web Worker.
 *
 * Every instrument is indexed under its words: symbol, trading symbol, company-name words,
 * contract-description words, expiry forms ("26nov" as year+month and "24nov" as day+month,
 * "nov", "2026"), strike, CE/PE/FUT and exchange names. A query matches an instrument when
 * every query word is a prefix of one of its words, so "nifty 25jan 21000 ce" finds the
 * NIFTY 21000 call of January 2025.
 *
 * A query word's words are one range of the sorted terms. The word with the fewest postings
 * gives the candidates; every other word is checked on the candidate's own few words (a range
 * test on integers), so a query costs its smallest word's postings, not its largest's.
 */

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

/** An exact word beats a prefix; a prefix covering more of the word beats a shorter one. */
const weightOf = (wordLength: number, termLength: number): number => (termLength === wordLength ? 3 : 1 + wordLength / termLength);

/** A query word read against the index. */
interface QueryWord {
  text: string;
  upper: string;
  /** Its terms: lo .. hi. */
  lo: number;
  hi: number;
  /** The term equal to the word, or -1. */
  exact: number;
}

export function buildInstrumentIndex(input: readonly SearchScrip[]): InstrumentIndex {
  return searchOver(layoutIndex(input));
}

/** The search over a laid-out index, built here or read back from a file (indexFile.ts). */
export function searchOver(ix: IndexLayout): InstrumentIndex {
  const { scrips, terms, termLength, termGroupStart, termGroups, termOwnStart, termOwn, contractsBefore, groupOf, groupStart, groupWordStart, groupWords, ownStart, ownWords } = ix;
  const { groupSymbolTerm, groupSymbolLength, groupsBySymbol, irregular, base, exchange } = ix;
  const n = scrips.length;

  // Scratch of one query, reused: a two-letter word touches tens of thousands of contracts and
  // typed arrays stamped per query keep a keystroke free of allocation.
  const stamp = new Int32Array(n);
  const weight = new Float64Array(n);
  const candidates = new Int32Array(n);
  const score = new Float64Array(n);
  const groupStamp = new Int32Array(groupStart.length);
  const groupWeight = new Float64Array(groupStart.length);
  let generation = 0;

  function lowerBound(word: string): number {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function readWord(text: string): QueryWord {
    const lo = lowerBound(text);
    // Every term the word starts sorts below the word followed by the highest character.
    const hi = lowerBound(`${text}\uffff`);
    return { text, upper: text.toUpperCase(), lo, hi, exact: terms[lo] === text ? lo : -1 };
  }

  /**
   * Contracts whose trading symbol the word starts but none of whose words it does: the word runs
   * past the symbol ("INFY26NOV"), so only the chains of a symbol the word starts with are read.
   * A word no longer than the symbol finds a contract by its symbol word, which weighs more.
   */
  function eachLongSymbol(word: QueryWord, visit: (id: number) => void): void {
    const q = word.upper;
    for (let k = 1; k < q.length; k++) {
      const groups = groupsBySymbol.get(q.slice(0, k));
      if (!groups) continue;
      for (const p of groups) {
        for (let id = groupStart[p]!, end = groupStart[p + 1]!; id < end; id++) if (startsWithUpper(scrips[id]!.tradingSymbol, q)) visit(id);
      }
    }
    for (let k = 0; k < irregular.length; k++) {
      const id = irregular[k]!;
      if (startsWithUpper(scrips[id]!.tradingSymbol, q)) visit(id);
    }
  }

  const hasPrefix = (word: string): boolean => {
    const w = readWord(word);
    if (w.hi > w.lo) return true;
    let found = false;
    eachLongSymbol(w, () => (found = true));
    return found;
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

  /** How well a contract matches a word other than the driving one: 0 when it does not. */
  function weightFor(id: number, word: QueryWord, groupKey: number): number {
    const { lo, hi } = word;
    const length = word.text.length;
    const g = groupOf[id]!;
    let best: number;
    if (groupStamp[g] === groupKey) best = groupWeight[g]!;
    else {
      let shortest = 0x7fffffff;
      for (let k = groupWordStart[g]!, end = groupWordStart[g + 1]!; k < end; k++) {
        const t = groupWords[k]!;
        if (t >= lo && t < hi && termLength[t]! < shortest) shortest = termLength[t]!;
      }
      best = shortest === 0x7fffffff ? 0 : weightOf(length, shortest);
      groupStamp[g] = groupKey;
      groupWeight[g] = best;
    }
    for (let k = ownStart[id]!, end = ownStart[id + 1]!; k < end; k++) {
      const t = ownWords[k]!;
      if (t >= lo && t < hi) {
        const w = weightOf(length, termLength[t]!);
        if (w > best) best = w;
      }
    }
    if (length > groupSymbolLength[g]! || groupSymbolTerm[g]! < 0) {
      const symbol = scrips[id]!.tradingSymbol;
      if (startsWithUpper(symbol, word.upper)) {
        const w = weightOf(length, symbol.length);
        if (w > best) best = w;
      }
    }
    return best;
  }

  /**
   * Score = how well each word matched + 5 when a word is the contract's symbol + the kind and
   * exchange part; + 4 (or 2) when the words read as one are (the start of) its trading symbol:
   * "nifty 26dec 24650 ce" prefers the monthly contract to the weeklies of that month.
   */
  function scoreMatches(words: readonly QueryWord[], typed: readonly string[], matched: number): void {
    const exact = words.map((w) => w.exact);
    const joined = words.length > 1 ? typed.join("").toUpperCase() : "";
    for (let k = 0; k < matched; k++) {
      const id = candidates[k]!;
      const symbolTerm = groupSymbolTerm[groupOf[id]!]!;
      let bonus = 0;
      if (symbolTerm < 0) bonus = typed.includes(scrips[id]!.symbol.toLowerCase()) ? 5 : 0;
      else for (let i = 0; i < exact.length; i++) if (exact[i] === symbolTerm) bonus = 5;
      if (joined !== "") {
        const symbol = scrips[id]!.tradingSymbol;
        if (startsWithUpper(symbol, joined)) bonus += symbol.length === joined.length ? 4 : 2;
      }
      score[id] = weight[id]! + bonus + base[id]!;
    }
  }

  return {
    size: n,
    search(text, options = {}) {
      const typed = normalizeQuery(text).flatMap(splitFut);
      if (typed.length === 0 || text.trim().length < MIN_SEARCH_LENGTH) return { total: 0, items: [] };
      const words = typed.map(readWord);
      let allowed = 0x7fffffff;
      if (options.exchanges && options.exchanges.length > 0) {
        allowed = 0;
        for (const e of options.exchanges) allowed |= 1 << exchangeIndex(e);
      }

      // The driving word: the fewest postings (its long-symbol matches are few by construction).
      let driver = 0;
      for (let i = 1; i < words.length; i++) {
        const w = words[i]!;
        const d = words[driver]!;
        if (contractsBefore[w.hi]! - contractsBefore[w.lo]! < contractsBefore[d.hi]! - contractsBefore[d.lo]!) driver = i;
      }
      const lead = words[driver]!;
      const current = ++generation;
      let count = 0;
      /** A contract matching the driving word with weight w: kept once, with its best weight. */
      const take = (id: number, w: number) => {
        if (stamp[id] === current) {
          if (w > weight[id]!) weight[id] = w;
          return;
        }
        if (((allowed >> exchange[id]!) & 1) === 0) return;
        stamp[id] = current;
        weight[id] = w;
        candidates[count++] = id;
      };
      for (let t = lead.lo; t < lead.hi; t++) {
        const w = weightOf(lead.text.length, termLength[t]!);
        for (let k = termGroupStart[t]!, end = termGroupStart[t + 1]!; k < end; k++) {
          const g = termGroups[k]!;
          const from = groupStart[g]!;
          if (((allowed >> exchange[from]!) & 1) === 0) continue;
          for (let id = from, last = groupStart[g + 1]!; id < last; id++) take(id, w);
        }
        for (let k = termOwnStart[t]!, end = termOwnStart[t + 1]!; k < end; k++) take(termOwn[k]!, w);
      }
      eachLongSymbol(lead, (id) => take(id, weightOf(lead.text.length, scrips[id]!.tradingSymbol.length)));

      // The other words: each candidate's words are read, never the words' postings.
      let matched = count;
      for (let i = 0; i < words.length; i++) {
        if (i === driver) continue;
        const word = words[i]!;
        const groupKey = ++generation;
        let kept = 0;
        for (let k = 0; k < matched; k++) {
          const id = candidates[k]!;
          const w = weightFor(id, word, groupKey);
          if (w === 0) continue;
          weight[id] = weight[id]! + w;
          candidates[kept++] = id;
        }
        matched = kept;
      }

      const offset = Math.max(0, options.offset ?? 0);
      const limit = Math.max(0, options.limit ?? 20);
      scoreMatches(words, typed, matched);
      const page = topRanked(candidates, matched, Math.min(offset + limit, matched), score);
      const items: SearchScrip[] = [];
      for (let k = offset; k < page.length; k++) items.push(scrips[page[k]!]!);
      return { total: matched, items };
    },
  };
}

/**
 * The best `wanted` ids by score, then by id (rank order): kept in a small sorted buffer, so a
 * two-letter prefix that matches thirty thousand contracts costs one comparison for most of them.
 */
function topRanked(ids: Int32Array, count: number, wanted: number, score: Float64Array): Int32Array {
  const better = (a: number, b: number): boolean => score[a]! > score[b]! || (score[a] === score[b] && a < b);
  if (wanted === 0) return new Int32Array(0);
  if (wanted * 8 >= count) {
    return ids.slice(0, count).sort((a, b) => score[b]! - score[a]! || a - b).subarray(0, wanted);
  }
  const top = new Int32Array(wanted);
  let size = 0;
  for (let k = 0; k < count; k++) {
    const id = ids[k]!;
    if (size === wanted && !better(id, top[wanted - 1]!)) continue;
    let at = size < wanted ? size++ : wanted - 1;
    while (at > 0 && better(id, top[at - 1]!)) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = id;
  }
  return top;
}
