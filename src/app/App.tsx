import { useSelector } from "@legendapp/state/react";
import { Suspense, useEffect, useLayoutEffect } from "react";
import { Hotkeys } from "../commands/Hotkeys";
import { Toaster } from "react-hot-toast";
import { Router, useLocation } from "wouter";
import { installNavigator, navigate } from "../data/nav";
import { setResetHandler } from "../core/notify";
import { isMobileWidth, resolveRoute } from "../core/rules/routes";
import { session$, endSession } from "../data/stores/session";
import { theme$ } from "../data/stores/settings";
import { viewport$ } from "../data/stores/ui";
import { LoginPage } from "./LoginPage";
import { useRouteSync } from "./routeSync";
import { installToasts } from "./toasts";
import { installWindowSession } from "./windowSession";
import { installWindowWatchlists } from "./windowWatchlists";
import { installWindowSips } from "./windowSips";
import { isSessionValid } from "../core/rules/session";
import { ErrorBoundary } from "../panes/layout/ErrorBoundary";
import { AppFailure } from "../panes/views/Failure";
import { lazyChunk } from "../panes/views/lazyChunk";

/**
 * The first load carries the login page and the command registry's keys (issue 18: initial
 * JavaScript); the workspace and the pop-out chart load when shown, the dialogs (the palette, the
 * order window, ...) right after the first paint. (Keys loaded lazily lost a palette command's
 * pane to the route in the shell e2e, so they stay in the first load.)
 */
const Workspace = lazyChunk(() => import("./Workspace").then((m) => ({ default: m.Workspace })));
const Overlays = lazyChunk(() => import("../panes/dialogs/Overlays").then((m) => ({ default: m.Overlays })));
const PopoutChart = lazyChunk(() => import("./PopoutChart").then((m) => ({ default: m.PopoutChart })));
const PaneWindow = lazyChunk(() => import("./PaneWindow").then((m) => ({ default: m.PaneWindow })));

installToasts();
installWindowSession();
installWindowWatchlists();
installWindowSips();
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
  // A layout effect: it runs before any pane's own effects, so a chart that reads the theme's colours from the page on a theme change reads the new ones.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const resolved = resolveRoute(location, signedIn, width);
  useRouteSync(resolved);
  const redirectTo = resolved.kind === "redirect" ? resolved.to : "";
  useEffect(() => {
    if (redirectTo) setLocation(redirectTo, { replace: true });
  }, [redirectTo, setLocation]);

  return (
    <>
      {resolved.kind === "login" && <LoginPage />}
      {/* No blank page (issue 28): a failing page or dialog layer says so in its place. */}
      <ErrorBoundary key={resolved.kind} where="Workspace" fallback={(error) => <AppFailure error={error} />}>
        <Suspense fallback={resolved.kind === "login" ? null : <div className="app-loading" role="status">Loading…</div>}>
          {resolved.kind === "popoutchart" && <PopoutChart />}
          {resolved.kind === "popout" && <PaneWindow />}
          {resolved.kind === "page" && <Workspace mobile={isMobileWidth(width)} />}
        </Suspense>
      </ErrorBoundary>
      <Hotkeys />
      <ErrorBoundary where="Dialogs" fallback={(error) => <AppFailure error={error} meanwhile="Until then no dialog opens: not the palette, not the order window." />}>
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      </ErrorBoundary>
      {/* Bottom right, above the status bar: a toast never covers the header, and a form (the order
          window, the GTT form) opens centred, away from that corner. */}
      <Toaster position="bottom-right" containerClassName="toasts" containerStyle={{ bottom: 28, right: 12 }} />
    </>
  );
}
