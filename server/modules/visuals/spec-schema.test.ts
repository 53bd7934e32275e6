import { describe, expect, it } from 'vitest';
import { validateLlmSpec } from './spec-schema';

const columns = ['Region', 'Revenue', 'Order Date'];
const good = {
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  title: 'Revenue per region',
  mark: 'bar',
  encoding: {
    x: { field: 'Region', type: 'nominal' },
    y: { field: 'Revenue', type: 'quantitative', aggregate: 'sum' },
  },
};

describe('model chart specs', () => {
  it('when a spec uses allowed marks and existing columns, then it is accepted with its columns', () => {
    const checked = validateLlmSpec(good, columns);
    expect(checked).toMatchObject({
      ok: true,
      chart: { markType: 'bar', columns: ['Region', 'Revenue'] },
    });
    const arc = validateLlmSpec(
      {
        mark: { type: 'arc', innerRadius: 40 },
        encoding: {
          theta: { aggregate: 'count', type: 'quantitative' },
          color: { field: 'Region', type: 'nominal' },
        },
      },
      columns,
    );
    expect(arc.ok).toBe(true);
  });

  it.each([
    ['a url data source', { ...good, data: { url: 'http://169.254.169.254/latest' } }],
    ['inline data', { ...good, data: { values: [{ a: 1 }] } }],
    [
      'a transform with an expression',
      { ...good, transform: [{ calculate: 'alert(1)', as: 'x' }] },
    ],
    ['params', { ...good, params: [{ name: 'p', expr: 'x' }] }],
    [
      'an unknown column',
      { ...good, encoding: { ...good.encoding, x: { field: 'Salary', type: 'nominal' } } },
    ],
    [
      'a field path into another column',
      {
        ...good,
        encoding: { ...good.encoding, x: { field: 'Region.constructor', type: 'nominal' } },
      },
    ],
    ['an image mark', { ...good, mark: 'image' }],
    [
      'an expression-valued channel',
      {
        ...good,
        encoding: { ...good.encoding, color: { value: 'red', condition: { test: 'x' } } },
      },
    ],
    [
      'a usermeta block',
      { ...good, usermeta: { embedOptions: { loader: { baseURL: 'http://x' } } } },
    ],
    ['a bar without y', { ...good, encoding: { x: good.encoding.x } }],
    ['not an object', 'draw a bar chart'],
  ])('when a spec carries %s, then it is refused', (_what, spec) => {
    expect(validateLlmSpec(spec, columns).ok).toBe(false);
  });
});
