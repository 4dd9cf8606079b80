import { useSelector } from "@legendapp/state/react";
import { useEffect, useState } from "react";
import { formatKey } from "../commands/keymap";
import { formatDate, formatDateTime, formatFrameAge } from "../core/format";
import { replayBadge, replayLightTitle } from "../core/replay/replayBadge";
import { brokerClock$ } from "../data/stores/brokerClock";
import { replaySpeed } from "../data/stores/replay";
import { feedHealth$ } from "../feed/health";
import { clearStatusLine, STATUS_LINE_MS, statusLine$ } from "../data/stores/statusLine";
import { KillSwitchBadge } from "./KillSwitchBadge";
import { LimitsReadout } from "./LimitsReadout";
import { OrderBudget } from "./OrderBudget";
import { useCommandKey } from "../panes/views/KeyHint";

const LIGHT_TEXT = { live: "LIVE", stale: "STALE", down: "DOWN" } as const;
/** In a replay the ticks are the replayed day's, not the market's: a light reading LIVE would say otherwise. */
const REPLAY_LIGHT_TEXT = { live: "REPLAY FEED", stale: "STALE", down: "DOWN" } as const;

/**
 * The feed's health light (issue 11: live, stale or down, frames per second, age of the newest
 * frame), the paper broker's clock (DESIGN.md section 4) and the key hints. The clock runs only
 * while the broker answers: a clock nobody can confirm is shown as unknown, never as running.
 */
export function StatusBar() {
  const state = useSelector(() => feedHealth$.state.get());
  const fps = useSelector(() => feedHealth$.fps.get());
  const age = useSelector(() => feedHealth$.newestAgeMs.get());
  const clock = useSelector(() => brokerClock$.get());
  // While the status line says something, the key hints (always the same) give it their room.
  const saying = useSelector(() => statusLine$.get() !== null);
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  const answering = clock.answering === true && clock.simMs !== undefined;
  const sim = answering ? new Date(clock.simMs! + (Date.now() - clock.at) * (clock.speed ?? 1)) : undefined;
  const replaying = clock.mode === "replay";
  // Paused, the badge also names the speed resume plays at (a speed chosen while paused showed nowhere else).
  const replayOf = { runningSpeed: clock.speed ?? 1, setSpeed: clock.replaySpeed ?? replaySpeed(), moving: clock.moving === true, ended: clock.ended === true };
  const badge = replayBadge(replayOf);
  return (
    <footer className="status-bar">
      <span
        className="feed-light"
        data-testid="feed-light"
        data-feed-state={state}
        data-feed-source={replaying ? "replay" : "market"}
        title={replaying ? replayLightTitle(replayOf) : "Live feed: live, stale (a subscribed instrument silent 5 s in an open market) or down"}
      >
        <span className="feed-dot" aria-hidden="true" />
        {(replaying ? REPLAY_LIGHT_TEXT : LIGHT_TEXT)[state]}
      </span>
      <span className="num" data-testid="feed-fps" title="Frames per second">{fps} fps</span>
      <span className="num" data-testid="feed-age" title="Age of the newest frame">{formatFrameAge(age)}</span>
      {replaying && (
        <span className="replay-badge" data-testid="replay-badge" title={[badge.title, `Market replay of ${formatDate(clock.replayDate ?? "")}: orders go to your replay account; Leave replay from the palette`].filter(Boolean).join(". ")}>
          {badge.text}
        </span>
      )}
      <span data-testid="sim-clock" data-stale={answering ? undefined : "true"} data-replay={replaying ? "true" : undefined}>
        {sim
          ? replaying
            ? `replay clock ${formatDateTime(sim.getTime())} IST`
            : // The clock alone: its mode ("next-open", "fixed") is how the broker chose its start, a setting, not the market's state.
              `paper broker ${formatDateTime(sim.getTime())} IST`
          : clock.answering === false
            ? "paper broker not answering: clock unknown"
            : "paper broker: clock unknown"}
      </span>
      <KillSwitchBadge />
      <LimitsReadout />
      <OrderBudget />
      <StatusLineText />
      <span className="spacer" />
      {!saying && (
        <StatusHints />
      )}
    </footer>
  );
}

/**
 * The keys to start from, as the keymap has them now (a rebound palette key is the one named,
 * useCommandKey). The nine pane keys read "Alt+1…9 panes" while pane 1's is Alt+1 as declared,
 * otherwise pane 1's key alone.
 */
function StatusHints() {
  const pane1 = useCommandKey("layout.focus.1");
  const hints = [
    [useCommandKey("palette.open"), " commands"],
    [useCommandKey("keymap.show"), " keys"],
    [pane1, pane1 === formatKey("alt+1") ? "…9 panes" : " pane 1"],
    [useCommandKey("layout.focus.right"), " move focus"],
  ] as const;
  return (
    <span className="muted status-hints">
      {hints
        .filter(([key]) => key !== undefined)
        .map(([key, what]) => `${key}${what}`)
        .join(" · ")}
    </span>
  );
}

/** The status line's sentence (stores/statusLine.ts), cleared STATUS_LINE_MS after it was said. */
function StatusLineText() {
  const line = useSelector(() => statusLine$.get());
  useEffect(() => {
    if (!line) return;
    const t = setTimeout(() => {
      if (statusLine$.peek()?.seq === line.seq) clearStatusLine();
    }, STATUS_LINE_MS);
    return () => clearTimeout(t);
  }, [line]);
  return (
    <span className="status-line" data-testid="status-line" data-kind={line?.kind} role="status" aria-live="polite">
      {line?.text ?? ""}
    </span>
  );
}
