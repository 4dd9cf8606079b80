import { notify } from "../core/notify";
import { resolveContract, type ContractWords } from "../core/rules/contractWords";
import type { Exchange } from "../core/types/exchange";
import { isOk } from "../data/api/http";
import { fetchContractChain } from "../data/api/market";

/**
 * The contract a command line's contract words name (issue 19), from the underlying's listed
 * contracts and its live spot at the moment the line runs; a refusal is told with its reason.
 */
export async function resolveContractLine(underlying: string, words: ContractWords, exchange?: Exchange): Promise<{ exchange: Exchange; token: string; tradingSymbol: string; note: string } | undefined> {
  let env;
  try {
    env = await fetchContractChain(underlying, exchange);
  } catch {
    return undefined; // told by the HTTP layer
  }
  const chain = env.result?.[0];
  if (!isOk(env) || !chain) {
    notify({ kind: "danger", text: env.message });
    return undefined;
  }
  const r = resolveContract(underlying, words, chain.contracts, chain.spot, chain.today, chain.exchange);
  if (!r.ok) {
    notify({ kind: "danger", text: r.reason });
    return undefined;
  }
  return { exchange: chain.exchange, token: r.contract.token, tradingSymbol: r.contract.tradingSymbol, note: r.note };
}
