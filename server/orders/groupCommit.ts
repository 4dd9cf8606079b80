import type { OrderJournal } from "./journal.js";

interface Waiting<T> {
  run: () => T;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: the changes that arrive together (in the same turn of the event loop, such as
 * the HTTP calls read off the sockets at once) run in one SQLite transaction and are answered only
 * once that transaction has committed. The commit's fsync, which is most of the cost of a lone
 * order, is paid once for the group; nothing is acknowledged that a crash could still lose. Each
 * change runs in its own scope nested in the group's (journal.inTransaction): one that throws is
 * taken back alone and its caller gets the error; the others are written and committed.
 */
export class GroupCommit {
  private queue: Array<Waiting<unknown>> = [];
  private scheduled = false;

  constructor(private readonly journal: OrderJournal) {}

  submit<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve, reject } as Waiting<unknown>);
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate runs after the poll phase: every request already read joins this group.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const group = this.queue;
    this.queue = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; err: unknown }> = [];
    try {
      this.journal.inTransaction(() => {
        for (const w of group) {
          try {
            let value: unknown;
            this.journal.inTransaction(() => void (value = w.run()));
            outcomes.push({ ok: true, value });
          } catch (err) {
            outcomes.push({ ok: false, err });
          }
        }
      });
    } catch (err) {
      // The commit itself failed: nothing of the group is durable, so nobody is acknowledged.
      for (const w of group) w.reject(err);
      return;
    }
    group.forEach((w, i) => {
      const o = outcomes[i]!;
      if (o.ok) w.resolve(o.value);
      else w.reject(o.err);
    });
  }
}
