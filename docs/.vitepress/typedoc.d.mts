// Types of typedoc.mjs, for the tests that import it.
import type { Application, ProjectReflection, TypeDocOptions } from 'typedoc';

/** Where the API reference is written, relative to the repository root. */
export const apiDir: string;
/** One `exports` entry with types: its import specifier, its TypeScript source, its built declarations. */
export interface ApiEntry {
  readonly specifier: string;
  readonly source: string;
  readonly declarations: string;
}
/** Every entry of the packages' `exports` maps that has types. */
export function apiEntries(): ApiEntry[];
/** The options TypeDoc is bootstrapped with. */
export function typedocOptions(): Partial<TypeDocOptions>;
/** Names each entry module by its import specifier. */
export function nameModulesBySpecifier(app: Application): void;
/** Runs TypeDoc's checks for both packages. */
export function validateAllPackages(app: Application, project: ProjectReflection): void;
