import { textWords } from "./words";

/**
 * Words interned to numbers while an index is built, with a mark per word so a group's or a
 * contract's words are each kept once. A text (a company name, a piece of a description) is
 * split once however many contracts share it.
 */
export class WordTable {
  readonly texts: string[] = [];
  private readonly idOf = new Map<string, number>();
  private readonly memo = new Map<string, readonly number[]>();
  /** mark[word] === marker: the word is already kept for the current group or contract (room for a whole master's words up front, for the reason IntList in indexLayout.ts gives). */
  mark = new Int32Array(8192);
  marker = 0;
  // Pieces of neighbouring descriptions repeat ("24500" of the call and the put, "CE", "PE"):
  // a few recent ones are compared in place before a piece is cut out of its description.
  private readonly recentText: string[] = ["", "", "", "", "", ""];
  private readonly recentIds: (readonly number[])[] = [[], [], [], [], [], []];
  private recentAt = 0;

  intern(word: string): number {
    let id = this.idOf.get(word);
    if (id === undefined) {
      id = this.texts.length;
      this.idOf.set(word, id);
      this.texts.push(word);
      if (id === this.mark.length) {
        const grown = new Int32Array(id * 2);
        grown.set(this.mark);
        this.mark = grown;
      }
    }
    return id;
  }

  idsOfText(text: string): readonly number[] {
    let ids = this.memo.get(text);
    if (!ids) {
      ids = textWords(text).map((w) => this.intern(w));
      this.memo.set(text, ids);
    }
    return ids;
  }

  /** The words of text[at, end), a piece of a description between spaces. */
  pieceIds(text: string, at: number, end: number): readonly number[] {
    const length = end - at;
    for (let k = 0; k < 6; k++) {
      const t = this.recentText[k]!;
      if (t.length === length && text.startsWith(t, at)) return this.recentIds[k]!;
    }
    const piece = text.slice(at, end);
    const ids = this.idsOfText(piece);
    this.recentText[this.recentAt] = piece;
    this.recentIds[this.recentAt] = ids;
    this.recentAt = (this.recentAt + 1) % 6;
    return ids;
  }

  /** Starts a new set of kept words; words of an earlier set still marked by `keep` stay kept. */
  nextMark(): number {
    return ++this.marker;
  }

  /** True the first time a word is met since nextMark() (and not kept by `keep`). */
  isNew(word: number, keep: number): boolean {
    const m = this.mark[word]!;
    if (m === this.marker || m === keep) return false;
    this.mark[word] = this.marker;
    return true;
  }

  /** Word numbers -> term numbers once the words are sorted: the sorted terms and each word's place. */
  sorted(): { terms: string[]; termOf: Int32Array } {
    const terms = this.texts.slice().sort();
    const termOf = new Int32Array(terms.length);
    for (let k = 0; k < terms.length; k++) termOf[this.idOf.get(terms[k]!)!] = k;
    return { terms, termOf };
  }
}
