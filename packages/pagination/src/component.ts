import { validateProps } from './props.js';
import type { PropType } from './props.js';

/** The serialised form of a component: what `toJSON()` returns and `renderLayout` renders. */
export interface ComponentJSON<P extends object = Record<string, unknown>> {
  /** The explicitly passed props, in `propNames` order. */
  props: P;
  /** The component's type name, the key of the renderer's registry. */
  type: string;
  /** The package namespace of the component. */
  namespace: string;
}

/**
 * Base of component descriptions, after Dash's `Component`: static metadata, props validated and
 * stored as passed, and a JSON form for a renderer. Subclasses override the static fields.
 *
 * @example
 * class Badge extends Component<{ text: string }> {
 *   static override readonly type = 'Badge';
 *   static override readonly propNames = ['text'];
 *   static override readonly requiredProps = ['text'];
 * }
 * new Badge({ text: 'new' }).toJSON(); // { props: { text: 'new' }, type: 'Badge', namespace: 'restdash' }
 */
export abstract class Component<P extends object = Record<string, unknown>> {
  /** The component's type name. */
  static readonly type: string = 'Component';
  /** The namespace the renderer looks the type up in. */
  static readonly namespace: string = 'restdash';
  /** Every accepted prop, in storage and serialisation order. */
  static readonly propNames: readonly string[] = [];
  /** Props that must be passed. */
  static readonly requiredProps: readonly string[] = [];
  /** Key prefixes accepted besides `propNames` (e.g. `data-`). */
  static readonly validWildcardAttributes: readonly string[] = [];
  /** Props that hold child components. */
  static readonly baseNodes: readonly string[] = ['children'];
  /** Type checks of the props; a prop without one accepts any value. */
  static readonly propTypes: Readonly<Record<string, PropType>> = {};

  /** Only the props passed explicitly (not `undefined`), in `propNames` order; frozen. */
  readonly props: Readonly<P>;

  /**
   * @throws TypeError when a key is not a prop, a required prop is missing, or a value has the wrong type.
   */
  constructor(props: P) {
    this.props = Object.freeze(validateProps(new.target, props)) as Readonly<P>;
  }

  /** The JSON form `{ props, type, namespace }`, so `JSON.stringify(component)` gives a renderable layout. */
  toJSON(): ComponentJSON<P> {
    const { type, namespace } = this.constructor as typeof Component;
    return { props: { ...this.props }, type, namespace };
  }
}
