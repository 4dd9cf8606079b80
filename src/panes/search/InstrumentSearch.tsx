import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef, useState } from "react";
import { runCommand } from "../../commands/run";
import type { SearchRow } from "../../data/api/market";
import { readSearch } from "../../data/reads";
import { MIN_SEARCH_LENGTH } from "../../core/search/instrumentIndex";
import { SEARCH_TABS } from "../../core/search/tabs";
import { preferExchange } from "../../core/search/defaultExchange";
import { settings$ } from "../../data/stores/settings";
import { loadRecentlyViewed, recent$ } from "../../data/stores/recentlyViewed";
import { Modal } from "../dialogs/Modal";

const DEBOUNCE_MS = 80;

/** A row the list shows: a search match, or a recently viewed (watchlist) row, which has no match count and no ISIN. */
type Shown = Omit<SearchRow, "totalCount" | "isin">;

/** What the rows answer: the tab and the text as asked (trimmed), one key. */
const queryKey = (tab: number, text: string) => `${tab}|${text.trim()}`;

const choose = (r: Shown) => {
  void runCommand("instrument.choose", { exchange: r.exchange, token: r.token, tradingSymbol: r.tradingSymbol });
};

/**
 * `/`: find any instrument of the master by symbol, name or contract description
 * ("nifty 25jan 21000 ce"). The broker's index answers each keystroke; late answers to older
 * keystrokes are dropped, and an Enter typed before the answer waits for it. Tab / Shift+Tab switch the search tab, ↑ ↓ move, Enter chooses.
 * Before anything is typed it lists the instruments the user recently viewed.
 */
export function InstrumentSearch() {
  const [text, setText] = useState("");
  const [tab, setTab] = useState(0);
  const [rows, setRows] = useState<SearchRow[]>([]);
  const [total, setTotal] = useState(0);
  const [cursor, setCursor] = useState(0);
  const [message, setMessage] = useState<string | undefined>();
  const seq = useRef(0);
  // The query the rows answer: until the broker answers what is typed now, the rows are an older
  // query's ("nifty" while "nifty ce" is asked) and Enter must not take one of them.
  const [answered, setAnswered] = useState("");
  // Enter pressed before that answer: it chooses the answer's first row when it comes.
  const enterPending = useRef(false);
  const recent = useSelector(() => recent$.scrips.get());
  useEffect(() => void loadRecentlyViewed(), []);
  const showingRecent = text.trim() === "";
  const shown: Shown[] = showingRecent ? recent : rows;
  const query = queryKey(tab, text);
  const rowsAnswerTyped = showingRecent || answered === query || text.trim().length < MIN_SEARCH_LENGTH;

  useEffect(() => {
    const mine = ++seq.current;
    enterPending.current = false; // an Enter was for the text before this keystroke
    if (text.trim().length < MIN_SEARCH_LENGTH) {
      setRows([]);
      setTotal(0);
      setCursor(0);
      setMessage(text.trim() ? `Type at least ${MIN_SEARCH_LENGTH} characters` : undefined);
      return;
    }
    setMessage(undefined);
    const t = setTimeout(() => {
      void readSearch(text, SEARCH_TABS[tab]!.exchanges).then((r) => {
        if (mine !== seq.current) return;
        const chosenByEnter = enterPending.current;
        enterPending.current = false;
        setAnswered(queryKey(tab, text));
        if (!r.ok) {
          setRows([]);
          setMessage(r.message);
          return;
        }
        // Settings › Markets' default exchange: each symbol's row there comes first.
        const ordered = preferExchange(r.rows, settings$.defaultExchange.peek());
        setRows(ordered);
        setTotal(r.rows[0]?.totalCount ?? r.rows.length);
        setCursor(0);
        setMessage(r.rows.length ? undefined : `Nothing found for “${text}”`);
        if (chosenByEnter && ordered[0]) choose(ordered[0]);
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, tab]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Tab") {
      e.preventDefault();
      e.stopPropagation();
      setTab((t) => (t + (e.shiftKey ? SEARCH_TABS.length - 1 : 1)) % SEARCH_TABS.length);
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      setCursor((c) => Math.min(shown.length - 1, c + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setCursor((c) => Math.max(0, c - 1));
    } else if (e.key === "Enter" && !rowsAnswerTyped && text.trim().length >= MIN_SEARCH_LENGTH) {
      // Typed faster than the broker answered: the first row of what was typed, once it is in.
      e.preventDefault();
      enterPending.current = true;
    } else if (e.key === "Enter" && shown[cursor]) {
      e.preventDefault();
      choose(shown[cursor]!);
    }
  };

  return (
    <Modal title="Search instrument" wide>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the search box's keys (arrows, Tab, Enter) bubble here from its input and tabs */}
      <div className="search" onKeyDown={onKeyDown}>
        <input
          className="search-input"
          data-autofocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Symbol, name or contract (e.g. nifty 25jan 21000 ce)"
          aria-label="Search instrument"
          spellCheck={false}
          // A combobox over its results: ↑↓ move the active option, which the results scroll to.
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown.length > 0}
          aria-controls="search-results"
          aria-activedescendant={shown[cursor] ? `search-option-${cursor}` : undefined}
        />
        <div className="tabs" role="tablist">
          {SEARCH_TABS.map((t, i) => (
            <button key={t.name} type="button" role="tab" tabIndex={-1} aria-selected={tab === i} className={`tab${tab === i ? " tab-active" : ""}`} onClick={() => setTab(i)}>
              {t.name}
            </button>
          ))}
          <span className="spacer" />
          <span className="muted search-hint">Tab switches · ↑↓ move · Enter chooses</span>
        </div>
        {message && <div className="empty-state">{message}</div>}
        {showingRecent && recent.length > 0 && <div className="search-recent-head" data-testid="recently-viewed">Recently viewed</div>}
        {/* The listbox is the scroller, the combobox's popup; the table only lays its options out. */}
        {/* Rows of an older query are dimmed and busy until the typed one is answered. */}
        <div
          className={`search-results${rowsAnswerTyped ? "" : " search-stale"}`}
          id="search-results"
          role="listbox"
          aria-label={showingRecent ? "Recently viewed" : "Search results"}
          aria-busy={!rowsAnswerTyped}
        >
        <table className="grid" role="presentation">
          <tbody>
            {shown.map((r, i) => (
              <tr
                key={`${r.exchange}:${r.token}`}
                id={`search-option-${i}`}
                role="option"
                aria-selected={i === cursor}
                className={i === cursor ? "row-cursor" : undefined}
                onMouseEnter={() => setCursor(i)}
                onClick={() => choose(r)}
              >
                <td className="sym">{r.tradingSymbol}</td>
                <td>{r.formattedInsName}</td>
                <td className="muted">{r.companyName}</td>
                <td className="muted">{r.exchange}</td>
                <td className="num muted">lot {r.lotSize}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
        {total > rows.length && <div className="muted search-more">{total - rows.length} more: keep typing to narrow</div>}
      </div>
    </Modal>
  );
}
