/** A history of version changes: the versions, oldest first, and what each changed. */
export class VersionHistory<V extends string = string> {
  readonly versions: readonly V[];
  readonly head: V;

  constructor(versions: readonly V[]) {
    this.versions = Object.freeze([...versions]);
    this.head = versions[versions.length - 1] as V;
  }
}
