/**
 * The grouped query a question describes, on schemas of several kinds (snake_case with units,
 * camelCase, abbreviations, a schema-qualified name, Spanish, German and Arabic column names) and
 * questions in the five console languages.
 */
import { describe, expect, it } from 'vitest';
import { aggregateFits, isNumericColumnType, type DbTable } from '../../../contract/db-sources';
import { bestPlan, nameParts } from './question-plan';
import { readQuestion } from './question-words';

const table = (name: string, columns: [string, string][]): DbTable => ({
  name,
  columns: columns.map(([n, type]) => ({ name: n, type })),
});

const packages = table('packages', [
  ['package', 'varchar'],
  ['section', 'varchar'],
  ['priority', 'varchar'],
  ['installed_size_kb', 'int'],
  ['maintainer', 'text'],
]);
const orders = table('public.orders', [
  ['orderId', 'bigint'],
  ['customerCountry', 'character varying'],
  ['orderTotalUsd', 'numeric'],
  ['itemQty', 'integer'],
  ['createdAt', 'timestamp without time zone'],
]);
const employees = table('employees', [
  ['dept_id', 'int'],
  ['dept_name', 'varchar'],
  ['annual_salary_eur', 'decimal(10,2)'],
  ['hire_year', 'smallint'],
]);
const ventas = table('ventas', [
  ['seccion', 'TEXT'],
  ['importe_eur', 'REAL'],
  ['unidades', 'INTEGER'],
  ['categoria', 'TEXT'],
]);
const lieferungen = table('lieferungen', [
  ['region', 'text'],
  ['gewicht_kg', 'numeric'],
  ['spediteur', 'text'],
]);
const shipmentsAr = table('الشحنات', [
  ['المنطقة', 'text'],
  ['الوزن', 'integer'],
]);
const all = [packages, orders, employees, ventas, lieferungen, shipmentsAr];

const plan = (question: string) => bestPlan(readQuestion(question), all)?.plan ?? null;

describe('the query a question describes', () => {
  it.each([
    [
      'Show the total installed size by section',
      { table: 'packages', group_by: 'section', aggregate: 'sum', measure: 'installed_size_kb' },
    ],
    [
      'Largest installed size per priority',
      { table: 'packages', group_by: 'priority', aggregate: 'max', measure: 'installed_size_kb' },
    ],
    [
      'average order total by customer country',
      {
        table: 'public.orders',
        group_by: 'customerCountry',
        aggregate: 'avg',
        measure: 'orderTotalUsd',
      },
    ],
    [
      'Show the total item quantity by customer country',
      { table: 'public.orders', group_by: 'customerCountry', aggregate: 'sum', measure: 'itemQty' },
    ],
    [
      'What is the highest annual salary per department?',
      { table: 'employees', group_by: 'dept_name', aggregate: 'max', measure: 'annual_salary_eur' },
    ],
    [
      'Lowest salary by hire year',
      { table: 'employees', group_by: 'hire_year', aggregate: 'min', measure: 'annual_salary_eur' },
    ],
    [
      'Importe total por sección',
      { table: 'ventas', group_by: 'seccion', aggregate: 'sum', measure: 'importe_eur' },
    ],
    [
      'Promedio de unidades por categoría',
      { table: 'ventas', group_by: 'categoria', aggregate: 'avg', measure: 'unidades' },
    ],
    [
      'Gesamtgewicht nach Region',
      { table: 'lieferungen', group_by: 'region', aggregate: 'sum', measure: 'gewicht_kg' },
    ],
    [
      'Durchschnittliches Gewicht nach Spediteur',
      { table: 'lieferungen', group_by: 'spediteur', aggregate: 'avg', measure: 'gewicht_kg' },
    ],
    [
      'متوسط الوزن حسب المنطقة',
      { table: 'الشحنات', group_by: 'المنطقة', aggregate: 'avg', measure: 'الوزن' },
    ],
    [
      'مجموع الوزن حسب المنطقة',
      { table: 'الشحنات', group_by: 'المنطقة', aggregate: 'sum', measure: 'الوزن' },
    ],
  ])('when asked "%s", then that aggregate of that column is grouped', (question, expected) => {
    expect(plan(question)).toEqual(expected);
  });

  it.each([
    ['How many packages per section?', 'packages', 'section'],
    ['Total number of packages by section', 'packages', 'section'],
    ['Total packages by section', 'packages', 'section'],
    ['¿Cuántas ventas por categoría?', 'ventas', 'categoria'],
    ['Nombre de ventas par section', 'ventas', 'seccion'],
    ['Anzahl der Lieferungen nach Region', 'lieferungen', 'region'],
  ])('when asked "%s", then the rows are counted', (question, name, group) => {
    expect(plan(question)).toEqual({ table: name, group_by: group, aggregate: 'count' });
  });

  it.each([
    'What is the capital of France?',
    // Nothing numeric is named: no sum of a text column, no chart of something else.
    'Sum of the maintainer by section',
    'Average packages by section',
    'Show revenue by region',
  ])('when asked "%s", then no query is described', (question) => {
    expect(plan(question)).toBeNull();
  });

  it('when a grouping is followed by more words, then the name right after it groups', () => {
    expect(plan('Show the total installed size by section of the packages')).toMatchObject({
      group_by: 'section',
    });
  });
});

describe('names and types', () => {
  it('when a name carries units, case or abbreviations, then its parts say what it is', () => {
    expect(nameParts('installed_size_kb')).toEqual(['installed', 'size']);
    expect(nameParts('orderTotalUSD')).toEqual(['order', 'total']);
    expect(nameParts('item_qty')).toEqual(['item', 'quantity']);
    expect(nameParts('kb')).toEqual(['kb']);
  });

  it('when a type is a number of any driver, then sum and average fit it, and not text', () => {
    for (const type of [
      'int',
      'INTEGER',
      'bigint',
      'int8',
      'decimal(10,2)',
      'double precision',
      'REAL',
      'numeric',
      'int unsigned',
      'UNSIGNED BIG INT',
      'money',
    ])
      expect([type, isNumericColumnType(type)]).toEqual([type, true]);
    for (const type of [
      'varchar',
      'text',
      'character varying',
      'TEXT',
      '',
      'point',
      'interval',
      'date',
      'tinytext',
      'bit',
    ])
      expect([type, isNumericColumnType(type)]).toEqual([type, false]);
    expect(aggregateFits('sum', 'text')).toBe(false);
    expect(aggregateFits('max', 'text')).toBe(true);
    expect(aggregateFits('avg', 'int')).toBe(true);
  });
});
