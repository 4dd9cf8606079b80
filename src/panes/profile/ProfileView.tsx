import { useEffect, useState } from "react";
import { segmentOf, type Segment } from "../../core/types/exchange";
import type { ClientProfile } from "../../core/types/profile";
import { readProfile } from "../../data/reads";
import { usePaneTabs } from "../layout/pane";
import { EmptyState } from "../views/EmptyState";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";

const SEGMENT_LABEL: Record<Segment, string> = { equity: "Equity", derivatives: "F&O", currency: "Currency", commodity: "Commodity" };

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; profile: ClientProfile };

/** Profile (access-and-surroundings section 2): tabs Profile, Bank Details, My Segments, Others, from GET {core}profile. */
export function ProfileView({ page }: ViewProps) {
  const { tab } = usePaneTabs(page);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    let live = true;
    void readProfile().then((r) => live && setLoad(r.ok && r.rows[0] ? { state: "ready", profile: r.rows[0] } : { state: "error", message: r.ok ? "The profile could not be read" : r.message }));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="page" data-testid="profile">
      <Tabs page={page} />
      {load.state === "loading" && <EmptyState title="Reading your profile…" />}
      {load.state === "error" && <EmptyState title={load.message} />}
      {load.state === "ready" && <ProfileTab tab={tab} p={load.profile} />}
    </div>
  );
}

function ProfileTab({ tab, p }: { tab: number; p: ClientProfile }) {
  if (tab === 1) return <BankDetails p={p} />;
  if (tab === 2) return <Segments p={p} />;
  if (tab === 3)
    return (
      <table className="grid kv" aria-label="Others">
        <tbody>
          <tr><td>Depository participant id (DP id)</td><td>{p.dpId}</td></tr>
          <tr><td>Nominee</td><td>{p.hasNominee ? "Registered" : "Not registered"}</td></tr>
          <tr><td>Authenticator (TOTP)</td><td>{p.isTotpEnabled ? "Set up" : "Not set up"}</td></tr>
        </tbody>
      </table>
    );
  return (
    <table className="grid kv" aria-label="Profile">
      <tbody>
        <tr><td>Name</td><td>{p.clientName}</td></tr>
        <tr><td>Client code</td><td>{p.clientCode}</td></tr>
        <tr><td>PAN</td><td>{p.pan}</td></tr>
        <tr><td>Email</td><td>{p.email}</td></tr>
        <tr><td>Mobile</td><td>{p.mobile}</td></tr>
        <tr><td>Account status</td><td>{p.accountStatus === "ACTIVE" ? "Active" : p.accountStatus.charAt(0) + p.accountStatus.slice(1).toLowerCase().replace(/_/g, " ")}</td></tr>
      </tbody>
    </table>
  );
}

function BankDetails({ p }: { p: ClientProfile }) {
  if (p.bankAccounts.length === 0) return <EmptyState title="No bank account is linked" />;
  return (
    <table className="grid" aria-label="Bank details">
      <thead>
        <tr><th>Bank</th><th>Account number</th><th>IFSC</th><th>Type</th><th>Primary</th></tr>
      </thead>
      <tbody>
        {p.bankAccounts.map((b) => (
          <tr key={`${b.ifsc}${b.accountNumber}`}>
            <td>{b.bankName}</td>
            <td className="num">{b.accountNumber}</td>
            <td>{b.ifsc}</td>
            <td>{b.accountType === "SAVINGS" ? "Savings" : "Current"}</td>
            <td>{b.isPrimary ? "Yes" : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Segments({ p }: { p: ClientProfile }) {
  return (
    <table className="grid" aria-label="My segments">
      <thead>
        <tr><th>Exchange</th><th>Segment</th><th>State</th></tr>
      </thead>
      <tbody>
        {p.segments.map((s) => (
          <tr key={s.exchange} data-active={s.active}>
            <td>{s.exchange}</td>
            <td>{SEGMENT_LABEL[segmentOf(s.exchange)]}</td>
            <td className={s.active ? "up" : "muted"}>{s.active ? "Active" : "Not activated"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
