import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { runCommand } from "../../commands/run";
import { defaultIdeaQuantity, IDEA_STATUS_FILTERS, ideasShown, ideaView, typedQuantity, type Idea } from "../../core/rules/ideas";
import { ideaListKey, ideas$, refreshIdeas, setIdeaQuantity } from "../../data/stores/ideas";
import { useFitColumns } from "../layout/fitColumns";
import { FoldSign } from "../layout/gridColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTabs, usePaneTopics } from "../layout/pane";
import { useLtp } from "../portfolio/live";
import { percent, price, signClass } from "../portfolio/fmt";
import { EmptyState } from "../views/EmptyState";
import { usePriceMark } from "../views/priceStale";
import { SubTabs, Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import "./ideas.css";
import { useBrokerToday } from "../views/brokerToday";

/**
 * Ideas (/main/ideas): tabs Equity, F&O, Commodity; product sub-tabs Short Term, Long Term,
 * Intraday; the status filter All, Open, Closed Calls. `t` steps the product, `f` the filter,
 * `-`/`+` the quantity, `b`/`s`/Enter open the order window with the idea's defaults.
 */
export function IdeasView({ page }: ViewProps) {
  const pane = usePane();
  const fit = useFitColumns<HTMLTableElement>();
  const { tab, subTab } = usePaneTabs(page);
  const key = ideaListKey(tab, subTab);
  useEffect(() => void refreshIdeas(tab, subTab), [tab, subTab]);
  const list = useSelector(() => ideas$.lists[key]!.get());
  const filter = useSelector(() => ideas$.statusFilter[pane.id]!.get()) ?? "all";
  const rows = ideasShown(list?.ideas ?? [], filter);
  const at = useListCursor({ name: "Ideas", rows, keyOf: (r) => String(r.idea_id), selectionOf: (r) => ({ kind: "idea", ideaId: r.idea_id }), labelOf: (r) => `${r.symbol} idea` });
  const today = useBrokerToday();
  usePaneTopics("ideas", rows.map((i) => ideaView(i, undefined, 1, today).topic));

  return (
    <div className="page" data-testid="ideas">
      <Tabs page={page} />
      <SubTabs page={page} />
      <div className="tabs tabs-sub" role="tablist" aria-label="Idea status">
        {IDEA_STATUS_FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            role="tab"
            tabIndex={-1}
            aria-selected={filter === f.id}
            className={`tab${filter === f.id ? " tab-active" : ""}`}
            onClick={() => void runCommand("ideas.status.select", { paneId: pane.id, filter: f.id })}
          >
            {f.label}
          </button>
        ))}
      </div>
      {!list?.loaded ? (
        <EmptyState title="Loading ideas…" />
      ) : rows.length === 0 ? (
        <EmptyState title="No ideas">{list.failed ? "The ideas could not be fetched; the list is empty." : "No research calls match this tab and filter."}</EmptyState>
      ) : (
        <>
          {rows[at] && <IdeaCall idea={rows[at]} />}
          <table className="grid fit" aria-label="Ideas" ref={fit}>
            {/* A caption takes no column: in the Trading layout's 380 px pane the five columns that always show fill the row, and a head of its own for "+7" was cut at the pane's edge. */}
            <FoldSign as="caption" />
            <thead>
              {/* What a trader acts on (instrument, side, LTP, quantity, investment) stays longest in a narrow pane; then the call itself (entry,
                  target, stop-loss), before what is worked out from it (return, max profit) and the status the filter already says. */}
              <tr>
                <th>Instrument</th><th>Side</th><th data-priority="3">Status</th><th className="num" data-priority="2">Entry</th><th className="num" data-priority="2">Target</th><th className="num" data-priority="2">Stop-loss</th>
                <th className="num">LTP</th><th className="num">Qty</th><th className="num">Investment</th><th className="num" data-priority="3">Return %</th><th className="num" data-priority="3">Max Profit</th><th className="num" data-priority="4">Days Left</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((idea, i) => (
                <IdeaRow key={idea.idea_id} idea={idea} today={today} active={i === at} onPick={() => void runCommand("list.cursor.to", { key: String(idea.idea_id), paneId: pane.id })} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

const entryText = (idea: Idea): string => `${price(idea.entry_price.from)} – ${price(idea.entry_price.to)}`;

/**
 * The cursor's idea in words, above the grid, shown (ideas.css) only while the grid is too narrow
 * for its entry, target and stop-loss: `b` on an idea must not place an order whose call the trader
 * cannot see. In the Trading layout's 380 px pane the instrument, side, LTP, quantity and investment
 * fill the row; this line gives the rest of the call.
 */
function IdeaCall({ idea }: { idea: Idea }) {
  return (
    <p className="idea-call" data-testid="idea-call">
      {idea.symbol} {idea.transaction}: entry {entryText(idea)} · target <b data-field="target">{price(idea.target_price)}</b> · stop-loss <b data-field="stopLoss">{price(idea.stoploss_price)}</b>
    </p>
  );
}

function IdeaRow({ idea, today, active, onPick }: { idea: Idea; today: string; active: boolean; onPick: () => void }) {
  const quantity = useSelector(() => ideas$.quantities[String(idea.idea_id)]!.get()) ?? defaultIdeaQuantity(idea);
  const base = ideaView(idea, undefined, quantity, today);
  const ltp = useLtp(base.exchange, base.token, 0);
  const mark = usePriceMark(base.exchange, base.token, idea.symbol);
  const v = { ...base, ltp };
  return (
    <tr className={active ? "row-cursor" : ""} aria-selected={active} onClick={onPick} data-idea={idea.idea_id} data-symbol={idea.symbol}>
      <td>{idea.symbol} <span className="muted">{v.exchange}</span></td>
      <td>{idea.transaction}</td>
      <td data-field="status" data-priority="3">{idea.status}</td>
      <td className="num" data-priority="2">{entryText(idea)}</td>
      <td className="num" data-priority="2" data-field="target">{price(idea.target_price)}</td>
      <td className="num" data-priority="2" data-field="stopLoss">{price(idea.stoploss_price)}</td>
      <td className="num" data-field="ltp" data-stale={mark.stale} title={mark.title}>{ltp > 0 ? price(ltp) : "--"}</td>
      <td className="num row-targets">
        <input
          className="idea-qty num"
          aria-label={`Quantity of ${idea.symbol}`}
          data-field="quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setIdeaQuantity(idea.idea_id, typedQuantity(e.target.value, quantity))}
        />
      </td>
      <td className="num" data-field="investment">{price(v.investment)}</td>
      <td className={`num ${signClass(v.returnPercent)}`} data-priority="3">{percent(v.returnPercent)}</td>
      <td className={`num ${signClass(v.maxProfit)}`} data-field="maxProfit" data-priority="3">{price(v.maxProfit)}</td>
      <td className="num" data-priority="4">{v.daysLeft}</td>
    </tr>
  );
}
