/**
 * What CoreUI React's modules still call of the `prop-types` package once their `propTypes`
 * statements are stripped (scripts/vite-strip-prop-types.ts): a few validators built at module
 * level, which nothing reads, since React 19 ignores propTypes. vite.config.ts points the
 * package here in builds, so the first download does not carry it.
 */
type Validator = (() => void) & { isRequired: () => void };

const validator: Validator = Object.assign(() => undefined, { isRequired: () => undefined });
const factory = () => validator;

const PropTypes = {
  array: validator,
  bigint: validator,
  bool: validator,
  func: validator,
  number: validator,
  object: validator,
  string: validator,
  symbol: validator,
  any: validator,
  element: validator,
  elementType: validator,
  node: validator,
  arrayOf: factory,
  instanceOf: factory,
  objectOf: factory,
  oneOf: factory,
  oneOfType: factory,
  shape: factory,
  exact: factory,
  checkPropTypes: () => undefined,
  resetWarningCache: () => undefined,
};

export default PropTypes;
