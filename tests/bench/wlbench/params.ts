/**
 * `?wlbench=N&hz=H` of the bench page, read before the app starts: the shell rewrites the query
 * (tab state) once it runs. hz is each row's ticks per second (2 unless given, 0 for none).
 */
const q = new URLSearchParams(location.search);
export const BENCH = { rows: Number(q.get("wlbench")) || 0, hz: q.has("hz") ? Number(q.get("hz")) || 0 : 2 };
