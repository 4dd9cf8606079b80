import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { feedUrl } from "../core/config";
import { session$ } from "../core/stores/session";
import { startFeed, stopFeed } from "../feed/session";

/** The live feed follows the session: connected while signed in, ended on sign-out. */
export function useLiveFeed(): void {
  const clientCode = useSelector(() => session$.clientCode.get());
  const accessToken = useSelector(() => session$.accessToken.get());
  useEffect(() => {
    if (!clientCode || !accessToken) return;
    startFeed({ url: feedUrl(window.location), clientCode, accessToken });
    return () => stopFeed();
  }, [clientCode, accessToken]);
}
