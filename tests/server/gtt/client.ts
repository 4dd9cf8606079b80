/** A tiny wrapper-service client for the GTT tests: the spec's { head, body } requests. */
export interface GttAnswer {
  http: number;
  status: string;
  message: string;
  body: { status: number; Msg: string; GTTID?: string; Data?: Array<Record<string, unknown>> };
}

export function gttClient(url: string, bearer: string) {
  const headers = { authorization: `Bearer ${bearer}`, "content-type": "application/json" };
  const head = (requestCode: string) => ({ requestCode, key: "k", appVer: "1.0.0", appName: "TAPE", osName: "WEB", LoginId: "DEMO1" });
  async function post(path: string, body: unknown, requestCode = "IIFLMarRQGTT"): Promise<GttAnswer> {
    const res = await fetch(`${url}/wrapper/order/${path}`, { method: "POST", headers, body: JSON.stringify({ head: head(requestCode), body }) });
    const env = (await res.json()) as { status: string; message: string; result: Array<{ body: GttAnswer["body"] }> };
    return { http: res.status, status: env.status, message: env.message, body: env.result[0]!.body };
  }
  return {
    async jwt(): Promise<string> {
      const res = await fetch(`${url}/wrapper/v2/comm-util/formtoken/get`, { headers: { authorization: `Bearer ${bearer}` } });
      return ((await res.json()) as { result: Array<{ JwtToken: string }> }).result[0]!.JwtToken;
    },
    list: (JWTToken: string, requestCode = "IIFLMarRQGetGTTOBList") => post("getorderlist", { JWTToken }, requestCode),
    place: (body: Record<string, unknown>) => post("placeordergtt", body),
    modify: (body: Record<string, unknown>) => post("modifyordergtt", body),
    cancel: (body: Record<string, unknown>) => post("cancelordergtt", body),
    post,
  };
}

const source = { PublicIP: "127.0.0.1", AppSource: "5", DeviceID: "test-device" };

export function singlePayload(JWTToken: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    RequestType: "P",
    Exchange: "N",
    ExchType: "C",
    GTTBuySell: "B",
    TriggerType: "SINGLE",
    ScripCode: "1244",
    Qty: 10,
    Leg1: { TriggerPrice: 1100, EntryPrice: 1101 },
    Leg2: { TriggerPrice: 0, EntryPrice: 0 },
    NestOrderID: "0",
    ...source,
    GTTProduct: "D",
    JWTToken,
    ...over,
  };
}

export function ocoPayload(JWTToken: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return singlePayload(JWTToken, {
    GTTBuySell: "S",
    TriggerType: "OCO",
    Leg1: { TriggerPrice: 1200, EntryPrice: 1199 },
    Leg2: { TriggerPrice: 1100, EntryPrice: 1099 },
    ...over,
  });
}

export function cancelPayload(JWTToken: string, GTTID: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { RequestType: "C", GTTID, ...source, JWTToken, ...over };
}
