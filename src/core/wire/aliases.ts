import { defineCall } from "./call";
import { Envelope, NoBody, refused, Type, type Static } from "./schema";

/** Command aliases, kept per user (issue 19): Tape's own calls under /core. */

export const AliasRow = Type.Object({ name: Type.String(), body: Type.String({ description: "The command line the alias stands for" }) });
export type AliasRow = Static<typeof AliasRow>;

export const listAliases = defineCall({
  method: "POST",
  service: "core",
  path: "v2/aliases",
  tag: "aliases",
  summary: "The user's aliases, by name",
  body: NoBody,
  answer: Envelope(AliasRow),
});

export const saveAlias = defineCall({
  method: "POST",
  service: "core",
  path: "v2/aliases/save",
  tag: "aliases",
  summary: "Saves an alias (EC972 with the reason when refused); answers the list",
  description: "The name and body are trimmed; the name is kept in lower case and the body cut at 2,000 characters.",
  body: Type.Object({ name: Type.String(), body: Type.String() }, refused("EC972")),
  answer: Envelope(AliasRow),
});

export const deleteAlias = defineCall({
  method: "POST",
  service: "core",
  path: "v2/aliases/delete",
  tag: "aliases",
  summary: "Deletes an alias (EC973 when there is none); answers the list",
  body: Type.Object({ name: Type.String() }, refused("EC973")),
  answer: Envelope(AliasRow),
});
