/**
 * The broker's answer envelope (DESIGN.md section 5): HTTP 200 for business errors,
 * status "Ok" or an EC code, message "Success" or a text, result always an array.
 */
export interface Envelope<T = unknown> {
  status: string;
  message: string;
  result: T[];
}

export function ok<T>(result: T[] = [], message = "Success"): Envelope<T> {
  return { status: "Ok", message, result };
}

export function fail(code: string, message: string, result: unknown[] = []): Envelope {
  return { status: code, message, result };
}
