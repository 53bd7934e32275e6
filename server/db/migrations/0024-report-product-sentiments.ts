/**
 * The top products by sentiment from the product rollup (target: the sentiment dashboard with a
 * `sentiment` filter under 200 ms over 365 days; it read a year of questions): the mentions of
 * `report_product_days` split by the turn's sentiment. The rows counted before had no split, so
 * the rollup starts over (reports/product-rollup.ts counts it on again when first read).
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export const PRODUCT_SENTIMENT_COLUMNS = [
  'asked_positive',
  'asked_neutral',
  'asked_negative',
  'suggested_positive',
  'suggested_neutral',
  'suggested_negative',
] as const;

export function reportProductSentiments(): Migration {
  return {
    async up(db: AnyDb) {
      await db.deleteFrom('report_product_days').execute();
      await db.deleteFrom('report_product_state').execute();
      for (const column of PRODUCT_SENTIMENT_COLUMNS)
        await db.schema
          .alterTable('report_product_days')
          .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
    },
    async down(db: AnyDb) {
      for (const column of PRODUCT_SENTIMENT_COLUMNS)
        await db.schema.alterTable('report_product_days').dropColumn(column).execute();
    },
  };
}
