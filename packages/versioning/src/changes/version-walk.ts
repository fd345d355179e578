import type { Normalized } from './normalize.js';
import type { Direction, JsonSchema } from './schema.js';
import type { Way } from './transforms.js';
import { compileWalker } from './walk.js';
import type { Walk } from './walk.types.js';

/** The walks a history compiles, which a walk between two versions is made of. */
export interface VersionWalks {
  /** The def resolver of `normal` in version `index`. */
  resolver(normal: Normalized, index: number, direction: Direction): (name: string) => JsonSchema | undefined;
  /**
   * One walk from version `from` to `to` applying every version's field instructions at once, or `undefined` when
   * the versions between hold what one walk cannot stand for (a migration function); `null`: nothing happens.
   */
  fusedWalk(
    normal: Normalized,
    from: number,
    to: number,
    direction: Direction,
    refuse: (pointer: string) => never,
    filter: boolean,
  ): Walk | null | undefined;
  /** The walk of values of `normal` (shaped as version `at`) through step `step` going `way`; `null` if none. */
  stepWalk(
    normal: Normalized,
    at: number,
    step: number,
    way: Way,
    direction: Direction,
    refuse: (pointer: string) => never,
  ): Walk | null;
}

/** What a walk between two versions goes through besides the schema's places. */
export interface BetweenOptions {
  /** Leave out what the schemas of the version arrived at rule out (a response). */
  readonly filter: boolean;
  /**
   * The `{ route }` migrations of version `step`, as one walk of the whole body (`null`: none): going up they run
   * before that version's schema instructions, going down after them.
   */
  readonly routeStep?: (step: number) => Walk | null;
}

/** Runs `walks` in order; `null` when there are none. */
function chain(walks: readonly (Walk | null)[]): Walk | null {
  const present = walks.filter((walk): walk is Walk => walk !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0] as Walk;
  return (value, context) => {
    let out = value;
    for (const walk of present) out = walk(out, context);
    return out;
  };
}

/**
 * The walk of values of `normal` (`null`: the route has no schema, only `{ route }` migrations run) from version
 * `from` to `to`, up or down, or `null` when nothing happens. One fused walk where the history allows it — no
 * `{ route }` migration on the way and no migration function between —, else version by version; with `filter`,
 * what `to`'s schemas rule out is left out once its shape is reached (before the `{ route }` migrations of the last
 * version going down, which reshape the whole body its schema then no longer describes).
 */
export function walkBetween(
  walks: VersionWalks,
  normal: Normalized | null,
  from: number,
  to: number,
  direction: Direction,
  refuse: (pointer: string) => never,
  { filter, routeStep = () => null }: BetweenOptions,
): Walk | null {
  const up = from < to;
  const [low, high] = up ? [from, to] : [to, from];
  const routeWalks = new Map<number, Walk | null>();
  for (let step = low + 1; step <= high; step += 1) routeWalks.set(step, routeStep(step));
  const hasRouteWalks = [...routeWalks.values()].some((walk) => walk !== null);
  if (normal !== null && !hasRouteWalks) {
    const fused = walks.fusedWalk(normal, from, to, direction, refuse, filter);
    if (fused !== undefined) return fused;
  }
  const filterIn =
    normal === null || !filter
      ? null
      : compileWalker({
          root: normal.root,
          resolve: walks.resolver(normal, to, direction),
          transforms: new Map(),
          filter: true,
          refuse,
          asJson: direction === 'response',
        });
  const steps: (Walk | null)[] = [];
  if (up) {
    for (let step = low + 1; step <= high; step += 1) {
      steps.push(routeWalks.get(step) ?? null);
      if (normal !== null) steps.push(walks.stepWalk(normal, step - 1, step, 'up', direction, refuse));
    }
    steps.push(filterIn);
  } else {
    for (let step = high; step > low; step -= 1) {
      if (normal !== null) steps.push(walks.stepWalk(normal, step, step, 'down', direction, refuse));
      if (step === low + 1) steps.push(filterIn);
      steps.push(routeWalks.get(step) ?? null);
    }
    if (low === high) steps.push(filterIn);
  }
  return chain(steps);
}
