import type { CellElement } from "../../src/panes/cells/liveCell";

/** A live cell's element (src/panes/cells/liveCell), counting what is written to it: its text node's value, its class. */
export function fakeCell(className: string) {
  const writes = { text: 0, className: 0 };
  let text = "";
  let cls = className;
  const textNode = {
    get nodeValue() {
      return text;
    },
    set nodeValue(v: string | null) {
      writes.text++;
      text = v ?? "";
    },
  };
  let hasText = false;
  const el: CellElement = {
    title: "",
    dataset: {},
    get className() {
      return cls;
    },
    set className(v: string) {
      writes.className++;
      cls = v;
    },
    get firstChild() {
      return hasText ? textNode : null;
    },
    get textContent() {
      return text;
    },
    set textContent(v: string | null) {
      writes.text++;
      text = v ?? "";
      hasText = true;
    },
  };
  return { el, writes, text: () => text, cls: () => cls };
}
