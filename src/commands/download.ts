import { notify } from "../core/notify";
import { brokerUnreachable } from "../data/stores/brokerReach";

/** Hands a text file to the browser's download (CSV exports). */
export function downloadText(fileName: string, text: string, mime = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A CSV export of a book (`what`: "The orders", "The trade book", "The holdings"): downloaded from
 * what the app last read, and, while the broker is not answering, said so: a file saved then may
 * lack the changes since (it downloaded without a word).
 */
export function exportCsv(fileName: string, text: string, what: string): void {
  downloadText(fileName, text);
  if (brokerUnreachable()) notify({ kind: "neutral", text: `${what} saved as last read: the broker is not answering, so changes since are not in ${fileName}` });
}
