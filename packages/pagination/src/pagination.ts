import { Component } from './component.js';
import { checkPageLayout } from './page-model.js';
import { ownProperties } from './own-properties.js';
import { paginationSpec } from './pagination.props.js';
import type { PaginationProps } from './pagination.props.js';

/**
 * The description of a pagination control (dash-bootstrap-components' `Pagination`): validates the
 * props and serialises to a layout that `renderLayout` from `@restdash/pagination/react` renders.
 *
 * @example
 * const pagination = new Pagination({ max_value: 10, fully_expanded: false });
 * pagination.props;    // { max_value: 10, fully_expanded: false }
 * pagination.toJSON(); // { props: {...}, type: 'Pagination', namespace: 'restdash_pagination' }
 *
 * @throws TypeError `Required argument \`max_value\` was not specified.` when `max_value` is missing, and
 *   a TypeError naming the key, or the prop, the expected type and the value, for an unknown key or a mistyped value.
 * @throws RangeError for what every render would refuse, with the same message as `paginationItems`: more
 *   than 10,000 numbers fully expanded, or a `step` too small for the magnitude of the values.
 */
export class Pagination extends Component<PaginationProps> {
  static override readonly type = paginationSpec.type;
  static override readonly namespace = paginationSpec.namespace;
  static override readonly propNames = paginationSpec.propNames;
  static override readonly requiredProps = paginationSpec.requiredProps;
  static override readonly validWildcardAttributes = paginationSpec.validWildcardAttributes;
  static override readonly baseNodes = paginationSpec.baseNodes;
  static override readonly propTypes = paginationSpec.propTypes;

  constructor(props: PaginationProps) {
    super(props);
    // Refused here, where the layout is described, rather than by every browser that renders it.
    checkPageLayout(ownProperties(this.props));
  }
}
