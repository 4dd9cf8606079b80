import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "../commands/context";

/**
 * Issue 30's "one door" and "one rule, one place", checked on the whole source so a newcomer's
 * copy fails here: a view acts only through commands (no view imports an API client at run time),
 * every dialog form submits through its command and that command through submitDialog for the
 * same dialog, the success rule lives only in core/http/success.ts and rounding to hundredths only
 * in core/money.ts.
 */

const ROOT = resolve(__dirname, "../../..");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(relative(ROOT, join(ROOT, path)));
  }
  return out;
}
const read = (f: string) => readFileSync(join(ROOT, f), "utf8");
const views = [...sourceFiles("src/panes"), ...sourceFiles("src/app")];
const everything = [...sourceFiles("src"), ...sourceFiles("server")];

/** Lines of `files` matching `pattern`, as "file:line: text". */
function grep(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((f) =>
    read(f)
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** Runtime imports of src/data/api from a view (`import type` is erased and calls nothing). */
const runtimeApiImport = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^;]*?from\s*["'][^"']*\/data\/api\/[^"']*["']|import\(\s*["'][^"']*\/data\/api\//g;
const apiImportsOf = (f: string) => [...read(f).matchAll(runtimeApiImport)].map((m) => `${f}: ${m[0].trim()}`);

describe("a view acts through commands only", () => {
  it("no file of src/panes or src/app imports an API client at run time", () => {
    expect(views.flatMap(apiImportsOf)).toEqual([]);
  });

  it("the check sees a runtime import and lets a type import pass", () => {
    const hits = (text: string) => [...text.matchAll(runtimeApiImport)].length;
    expect(hits('import { sendFeedback } from "../../data/api/profile";')).toBe(1);
    expect(hits('import {\n  fetchLimits,\n  fetchHoldings,\n} from "../data/api/portfolio";')).toBe(1);
    expect(hits('const m = await import("../../data/api/orders");')).toBe(1);
    expect(hits('import type { SearchRow } from "../../data/api/market";')).toBe(0);
  });
});

describe("one rule, one place", () => {
  it('"Standard success: HTTP 200, message \'Success\', status \'Ok\'" is read only in core/http/success.ts', () => {
    const others = everything.filter((f) => f !== "src/core/http/success.ts");
    expect(grep(others, /status\s*[!=]==?\s*["']Ok["']|["']Ok["']\s*[!=]==?\s*\S*status/)).toEqual([]);
  });

  it("rounding to hundredths (the paisa) is written only in core/money.ts", () => {
    const others = everything.filter((f) => f !== "src/core/money.ts");
    expect(grep(others, /Math\.round\([^;]*\*\s*100\)\s*\/\s*100\b|toFixed\(2\)\)/)).toEqual([]);
  });
});

/**
 * Every `<CommandForm dialog="X" call={{ commandId: "Y" ...` in the views. The form's props are
 * read from the source, since the form is the view of its command and the command is the test's.
 */
function commandForms(): { file: string; dialog: string; commandId: string }[] {
  const found: { file: string; dialog: string; commandId: string }[] = [];
  for (const f of views) {
    for (const m of read(f).matchAll(/<CommandForm\b([\s\S]*?)>/g)) {
      const dialog = /dialog="([^"]+)"/.exec(m[1]!)?.[1];
      const commandId = /commandId:\s*"([^"]+)"/.exec(m[1]!)?.[1];
      found.push({ file: f, dialog: dialog ?? "?", commandId: commandId ?? "?" });
    }
  }
  return found;
}

const submitted: string[] = [];
vi.mock("../../../src/commands/form", async (original) => ({
  ...(await original<typeof import("../../../src/commands/form")>()),
  // Records which dialog the command submits for, and sends nothing.
  submitDialog: (dialog: string) => {
    submitted.push(dialog);
    return Promise.resolve();
  },
}));

let registry: typeof import("../../../src/commands/all")["registry"];
beforeAll(async () => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  registry = (await import("../../../src/commands/all")).registry;
});

describe("every dialog's form submits the same way (README, 'Adding a command')", () => {
  const forms = commandForms();

  it("finds the forms (the dialogs of feedback, password, funds, conversion, baskets, alerts, SIP, rename, a strategy leg's entry, order presets, bracket templates)", () => {
    expect(forms.map((f) => f.dialog).sort()).toEqual(
      ["addFunds", "alert", "basketLeg", "basketName", "changePassword", "convertPosition", "feedback", "killSwitch", "lossLimits", "orderPresets", "bracketTemplates", "renameWatchlist", "replayDay", "replayJump", "sip", "strategyEntry"].sort(),
    );
  });

  it.each(forms.map((f) => [f.dialog, f.commandId, f.file]))("%s: its command %s exists and submits through submitDialog for that dialog", async (dialog, commandId) => {
    const cmd = registry.get(commandId as never);
    expect(cmd, `${commandId} is not in the registry`).toBeDefined();
    submitted.length = 0;
    const ran = await registry.run(commandId, commandContext("home", { dialog: dialog as never }), {});
    expect(ran).toBe(true);
    expect(submitted).toEqual([dialog]);
  });
});
