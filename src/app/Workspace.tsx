import { Tiling } from "../panes/layout/Tiling";
import { BrokerDownBanner } from "./BrokerDownBanner";
import { Header } from "./Header";
import { StatusBar } from "./StatusBar";
import { useLiveFeed } from "./useLiveFeed";

/** The signed-in screen: header, the broker-unreachable banner while it is, the tiling panes, the status bar. */
export function Workspace({ mobile }: { mobile: boolean }) {
  useLiveFeed();
  return (
    <div className="workspace" data-mobile={mobile}>
      <Header />
      <BrokerDownBanner />
      <Tiling single={mobile} />
      <StatusBar />
    </div>
  );
}
