import type { Change, FieldChange, Instruction } from './instructions.js';

/** One version's entry of a changelog. */
export interface ChangelogEntry<V extends string = string> {
  readonly version: V;
  readonly changes: readonly { readonly description: string; readonly instructions: readonly string[] }[];
}

const fieldSentence: {
  readonly [K in FieldChange['kind']]: (subject: string, change: Extract<FieldChange, { kind: K }>) => string;
} = {
  renamedFrom: (subject, change) => `${subject} was renamed from ${JSON.stringify(change.old)}.`,
  added: (subject) => `${subject} was added.`,
  removed: (subject) => `${subject} was removed.`,
  retyped: (subject) => `${subject} changed its type.`,
  madeRequired: (subject) => `${subject} became required.`,
  madeOptional: (subject) => `${subject} became optional.`,
};

/** One English sentence saying what `instruction` changed. */
export function sentenceOf(instruction: Instruction): string {
  switch (instruction.type) {
    case 'field':
      return (fieldSentence[instruction.change.kind] as (subject: string, change: FieldChange) => string)(
        `${instruction.name}.${instruction.field}`,
        instruction.change,
      );
    case 'request':
      return instruction.target.kind === 'schema'
        ? `Requests' ${instruction.target.name} objects are converted by a migration function.`
        : `Request bodies of route ${JSON.stringify(instruction.target.route)} are converted by a migration function.`;
    case 'response':
      return instruction.target.kind === 'schema'
        ? `Responses' ${instruction.target.name} objects are converted by a migration function.`
        : `Response bodies of route ${JSON.stringify(instruction.target.route)} are converted by a migration function.`;
    case 'problem':
      return 'Problem responses are converted by a migration function.';
    case 'enum':
      return `${instruction.name}${instruction.pointer === '' ? '' : ` at ${instruction.pointer}`}: ${instruction.change.kind}.`;
    case 'schema':
      return `${instruction.name} was renamed from ${JSON.stringify(instruction.change.old)}.`;
    case 'route':
      return `Route ${JSON.stringify(instruction.route)} moved from ${instruction.change.path}.`;
  }
}

/** The changelog of `steps` (index 0, the oldest version, has none): newest version first. */
export function changelogOf(
  steps: readonly ({ readonly version: string; readonly changes: readonly Change[] } | null)[],
  versions: readonly string[],
): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  for (let index = versions.length - 1; index >= 1; index -= 1) {
    const step = steps[index];
    entries.push({
      version: versions[index] as string,
      changes: (step?.changes ?? []).map((change) => ({
        description: change.description,
        instructions: change.instructions.map(sentenceOf),
      })),
    });
  }
  return entries;
}
