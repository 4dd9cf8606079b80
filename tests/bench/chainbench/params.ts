/** `?chainbench=N&hz=H` of the bench page, read before the app starts (the shell rewrites the query). */
const q = new URLSearchParams(location.search);
export const BENCH = { strikes: Number(q.get("chainbench")) || 0, hz: q.has("hz") ? Number(q.get("hz")) || 0 : 2 };
