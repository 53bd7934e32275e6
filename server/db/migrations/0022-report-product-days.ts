/**
 * Product mentions rolled up (target: the sentiment dashboard's top products under 200 ms over
 * 365 days). `report_product_days`: per UTC day × channel × widget × department (as
 * report_hourly) × product (lower-cased), how many questions and answers name it.
 * `report_product_state`: per product, the last turn counted; reports/product-rollup.ts counts on
 * from there when read (a product new to the list from the first turn).
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function reportProductDays(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('report_product_days')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('channel', 'varchar(8)', (c) => c.notNull())
        .addColumn('widget_id', 'integer', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) => c.notNull())
        .addColumn('department_ids', 'varchar(400)', (c) => c.notNull())
        .addColumn('product', 'varchar(200)', (c) => c.notNull())
        .addColumn('asked', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('suggested', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('report_product_days_pk', [
          'day',
          'channel',
          'widget_id',
          'department_id',
          'department_ids',
          'product',
        ])
        .execute();
      await db.schema
        .createTable('report_product_state')
        .addColumn('product', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('counted_through', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('report_product_state').execute();
      await db.schema.dropTable('report_product_days').execute();
    },
  };
}
