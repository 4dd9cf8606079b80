import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { Toaster } from "react-hot-toast";
import { Router, useLocation } from "wouter";
import { Hotkeys } from "../commands/Hotkeys";
import { installNavigator, navigate } from "../data/nav";
import { setResetHandler } from "../core/notify";
import { isMobileWidth, resolveRoute } from "../core/rules/routes";
import { session$, endSession } from "../data/stores/session";
import { theme$ } from "../data/stores/settings";
import { viewport$ } from "../data/stores/ui";
import { loadLayoutFor } from "../data/stores/workspace";
import { Overlays } from "../panes/dialogs/Overlays";
import { LoginPage } from "./LoginPage";
import { PopoutChart } from "./PopoutChart";
import { useRouteSync } from "./routeSync";
import { installToasts } from "./toasts";
import { Workspace } from "./Workspace";
import { isSessionValid } from "../core/rules/session";

installToasts();
// The user's saved layout is in place before the first render of the workspace, and follows a change of user.
const initialClient = session$.clientCode.peek();
if (initialClient) loadLayoutFor(initialClient);
session$.clientCode.onChange(({ value }) => value && loadLayoutFor(value));
// 401 and "other 4xx": "clears all stores and local storage (keeping the client code) and returns to /".
setResetHandler(() => {
  endSession();
  navigate("/", { replace: true });
});

export function App() {
  return (
    <Router>
      <Shell />
    </Router>
  );
}

function Shell() {
  const [location, setLocation] = useLocation();
  const session = useSelector(() => session$.get());
  const width = useSelector(() => viewport$.width.get());
  const theme = useSelector(() => theme$.get());
  const signedIn = isSessionValid(session.accessToken, session.clientCode);

  useEffect(() => installNavigator(setLocation, () => window.location.pathname), [setLocation]);
  useEffect(() => {
    const onResize = () => viewport$.width.set(window.innerWidth);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const resolved = resolveRoute(location, signedIn, width);
  useRouteSync(resolved);
  useEffect(() => {
    if (resolved.kind === "redirect") setLocation(resolved.to, { replace: true });
  }, [resolved.kind, resolved.kind === "redirect" ? resolved.to : "", setLocation]);

  return (
    <>
      <Hotkeys />
      {resolved.kind === "login" && <LoginPage />}
      {resolved.kind === "popoutchart" && <PopoutChart />}
      {resolved.kind === "page" && <Workspace mobile={isMobileWidth(width)} />}
      <Overlays />
      {/* Bottom right, above the status bar: a toast never covers the header, and a form (the order
          window, the GTT form) opens centred, away from that corner. */}
      <Toaster position="bottom-right" containerClassName="toasts" containerStyle={{ bottom: 28, right: 12 }} />
    </>
  );
}
