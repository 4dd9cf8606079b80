import type { WireCall } from "./call";
import * as alerts from "./alerts";
import * as aliases from "./aliases";
import * as auth from "./auth";
import * as baskets from "./baskets";
import * as charts from "./charts";
import * as chartDrawings from "./chartDrawings";
import * as chartIndicators from "./chartIndicators";
import * as desk from "./desk";
import * as dev from "./dev";
import * as discover from "./discover";
import * as feed from "./feed";
import * as gtt from "./gtt";
import * as health from "./health";
import * as ideas from "./ideas";
import * as market from "./market";
import * as orders from "./orders";
import * as portfolio from "./portfolio";
import * as profile from "./profile";
import * as risk from "./risk";
import * as sso from "./sso";
import * as strategies from "./strategies";
import * as replay from "./replay";
import * as watchlist from "./watchlist";
import * as workspaces from "./workspaces";
import * as wrapper from "./wrapper";

/**
 * Every call of the paper broker, one module per service area (DESIGN.md section 1: the wire
 * schemas). The tests hold the broker's routes to this list and /docs to both.
 */
const AREAS = [health, profile, aliases, feed, dev, auth, sso, market, watchlist, baskets, orders, portfolio, wrapper, gtt, charts, chartIndicators, ideas, discover, alerts, strategies, risk, chartDrawings, workspaces, desk, replay];

const isCall = (v: unknown): v is WireCall =>
  typeof v === "object" && v !== null && typeof (v as WireCall).method === "string" && typeof (v as WireCall).path === "string" && "answer" in v && "tag" in v;

export const CALLS: readonly WireCall[] = AREAS.flatMap((area) => Object.values(area).filter(isCall));
