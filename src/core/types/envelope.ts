/**
 * The broker's answer envelope (DESIGN.md section 5): HTTP 200 for business errors,
 * status "Ok" or an EC code, message "Success" or a text, result always an array.
 */
export interface Envelope<T = unknown> {
  status: string;
  message: string;
  result: T[];
}
