import { Tiling } from "../panes/layout/Tiling";
import { Header } from "./Header";
import { StatusBar } from "./StatusBar";
import { useLiveFeed } from "./useLiveFeed";

/** The signed-in screen: header, the tiling panes, the status bar. */
export function Workspace({ mobile }: { mobile: boolean }) {
  useLiveFeed();
  return (
    <div className="workspace" data-mobile={mobile}>
      <Header />
      <Tiling single={mobile} />
      <StatusBar />
    </div>
  );
}
