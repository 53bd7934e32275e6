/**
 * Vite plugin: drops the `Component.propTypes = {...}` statements from CoreUI React's modules in
 * production builds. React 19 no longer reads propTypes at all, so they are dead weight that every
 * page downloaded (about a third of each CoreUI component's code). Only statements of exactly
 * that form are removed, found with Vite's own parser; anything else is left untouched.
 */
import { parseSync, type Plugin } from 'vite';

const COREUI_MODULE = /@coreui[\\/]react[\\/]dist[\\/]esm[\\/].*\.js$/;

/** Start and end of every top-level `X.propTypes = ...;` statement in the module. */
function propTypesStatements(id: string, code: string): [number, number][] {
  const { program } = parseSync(id, code);
  const spans: [number, number][] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const expression = statement.expression;
    if (expression.type !== 'AssignmentExpression') continue;
    const target = expression.left;
    if (
      target.type === 'MemberExpression' &&
      !target.computed &&
      target.property.type === 'Identifier' &&
      target.property.name === 'propTypes'
    )
      spans.push([statement.start, statement.end]);
  }
  return spans;
}

export function stripPropTypes(): Plugin {
  return {
    name: 'atrium-strip-prop-types',
    apply: 'build',
    transform(code, id) {
      if (!COREUI_MODULE.test(id) || !code.includes('.propTypes')) return null;
      const spans = propTypesStatements(id, code);
      // Offsets must point at what was parsed; if they do not (non-ASCII text), change nothing.
      if (
        !spans.every(([start, end]) => /^\w+\.propTypes\s*=[\s\S]*;$/.test(code.slice(start, end)))
      )
        return null;
      let out = code;
      for (const [start, end] of spans.reverse()) out = out.slice(0, start) + out.slice(end);
      return { code: out, map: null };
    },
  };
}
