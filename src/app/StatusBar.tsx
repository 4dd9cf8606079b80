import { useEffect, useState } from "react";
import { formatKey } from "../commands/keymap";

interface Health {
  simTime: string;
  clockMode: string;
}

/** The paper broker's clock (DESIGN.md section 4) and the key hints. */
export function StatusBar() {
  const [health, setHealth] = useState<{ at: number; simMs: number; mode: string } | undefined>();
  const [, tick] = useState(0);
  useEffect(() => {
    let alive = true;
    fetch("/health")
      .then((r) => r.json() as Promise<{ result: Health[] }>)
      .then((b) => {
        const h = b.result[0];
        if (alive && h) setHealth({ at: Date.now(), simMs: Date.parse(h.simTime), mode: h.clockMode });
      })
      .catch(() => undefined);
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, []);
  const sim = health ? new Date(health.simMs + (Date.now() - health.at)) : undefined;
  return (
    <footer className="status-bar">
      <span data-testid="sim-clock">
        {sim ? `paper broker ${sim.toLocaleString("en-IN", { timeZone: "Asia/Kolkata", hour12: false })} IST (${health!.mode})` : "paper broker: clock unknown"}
      </span>
      <span className="spacer" />
      <span className="muted">
        {formatKey("ctrl+k")} commands · ? keys · {formatKey("alt+1")}…9 panes · {formatKey("ctrl+arrowright")} move focus
      </span>
    </footer>
  );
}
