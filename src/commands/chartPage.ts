import { buildChartUrl } from "../core/charts/chartUrl";
import type { Exchange } from "../core/types/exchange";
import { mintChartTicket } from "../data/api/charts";
import { fetchSecurityInfo } from "../data/api/orders";
import { APP_NAME, APP_VERSION, bases } from "../data/config";
import { theme$ } from "../data/stores/settings";

/**
 * The spec's full chart page (access-and-surroundings section 7) for one instrument, as the app
 * embeds it: a once-only ticket the page trades for its 8-hour cookie, and the address built by
 * the one URL builder (src/core/charts/chartUrl.ts). The access token never goes in the address.
 */
export async function chartPageUrl(exchange: Exchange, token: number, clientCode: string): Promise<{ url: string } | { error: string }> {
  const [info, ticket] = await Promise.all([fetchSecurityInfo({ exchange, token: String(token) }), mintChartTicket()]);
  const contract = info.result[0];
  const t = ticket.result?.[0]?.ticket;
  if (!contract || !t) return { error: ticket.message || info.message || "The chart page could not be opened" };
  const url = buildChartUrl({
    base: bases.charts,
    page: "tradingview",
    instrument: {
      exchange,
      token,
      tradingSymbol: contract.tradingSymbol,
      expiry: contract.expiry,
      optionType: contract.optionType === "CE" || contract.optionType === "PE" ? contract.optionType : "",
      strikePrice: contract.strikePrice,
    },
    appName: APP_NAME,
    appVer: APP_VERSION,
    loginId: clientCode,
    clientCode,
    theme: theme$.peek(),
    ticket: t,
  });
  return { url };
}
