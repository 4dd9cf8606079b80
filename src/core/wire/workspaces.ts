import { defineCall } from "./call";
import { Envelope, NoBody, refused, Type, type Static } from "./schema";

/**
 * Named workspaces (issue 32), per user, Tape's own calls under /core: list, save by name
 * (replacing a workspace of that name, any case), rename, delete. The body is the client's layout
 * as JSON text (core/workspace/named.ts reads it back): the broker keeps it, checks its size and
 * that it is JSON with a layout, and never reads more of it. Another user's are never seen.
 */

export const SavedWorkspace = Type.Object({
  name: Type.String(),
  body: Type.String({ description: "The layout and the popped-out panes, as JSON text (core/workspace/named.ts)" }),
  savedAt: Type.Number({ description: "When it was last saved, epoch milliseconds on the broker's clock" }),
});
export type SavedWorkspace = Static<typeof SavedWorkspace>;

export const listWorkspaces = defineCall({
  method: "POST",
  service: "core",
  path: "v2/workspaces",
  tag: "workspaces",
  summary: "The user's named workspaces, by name",
  body: NoBody,
  answer: Envelope(SavedWorkspace),
});

export const saveWorkspace = defineCall({
  method: "POST",
  service: "core",
  path: "v2/workspaces/save",
  tag: "workspaces",
  summary: "Saves a workspace under a name, replacing one of that name (EC780 with the reason when refused); answers the list",
  body: Type.Object({ name: Type.String(), body: Type.String() }, refused("EC780")),
  answer: Envelope(SavedWorkspace),
});

export const renameWorkspace = defineCall({
  method: "POST",
  service: "core",
  path: "v2/workspaces/rename",
  tag: "workspaces",
  summary: "Renames a workspace (EC781 when there is none, EC782 when the new name is taken); answers the list",
  body: Type.Object({ name: Type.String(), to: Type.String() }, refused("EC780")),
  answer: Envelope(SavedWorkspace),
});

export const deleteWorkspace = defineCall({
  method: "POST",
  service: "core",
  path: "v2/workspaces/delete",
  tag: "workspaces",
  summary: "Deletes a workspace (EC781 when there is none); answers the list",
  body: Type.Object({ name: Type.String() }, refused("EC780")),
  answer: Envelope(SavedWorkspace),
});
