/**
 * The part of papaparse that src/core uses, typed for the core project alone (tsconfig.core.json
 * maps "papaparse" here): @types/papaparse references Node's types.
 */
declare const Papa: {
  unparse(data: unknown[] | { fields: string[]; data: unknown[][] }, config?: { quotes?: boolean | ((value: unknown, column: number) => boolean); newline?: string; escapeFormulae?: boolean }): string;
};

export default Papa;
