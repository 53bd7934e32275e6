/**
 * Texts the server writes into rows itself (first start, a Trial user's sandbox, the SOP form's
 * starting lists), in English. The console shows each in its reader's language for as long as
 * the row still holds the text as seeded (common.json `seeded`): a seeded row has no author
 * whose language it could be in, and several administrators may read it in several languages,
 * which seeding in "the installation's language" could not serve. Once someone edits the
 * text, it is theirs and shown as written. The key of each text is stable; a translation test
 * reads these tables, so a text added here without its translations fails the build.
 */

/** Seeded role descriptions by role id (server/db/seed.ts ROLE_IDS). */
export const SEEDED_ROLE_DESCRIPTIONS = {
  1: { key: 'administrator', text: 'Every right in every module.' },
  2: { key: 'staff', text: 'Asks the knowledge assistant and reads documents.' },
  3: { key: 'helpdesk', text: 'Works in the helpdesk site.' },
  4: { key: 'trial', text: 'Self-registered users: their own chat widgets and the assistant.' },
} as const satisfies Record<number, { key: string; text: string }>;

/** The description of a self-registered Trial user's sandbox department. */
export const SANDBOX_DESCRIPTION = 'Sandbox of a self-registered Trial user.';

/** The SOP form's starting product types (GET /sop/products adds the ones in use). */
export const SOP_PRODUCT_TYPES = {
  automotive_parts: 'Automotive parts',
  chemicals: 'Chemicals',
  consumer_electronics: 'Consumer electronics',
  food_and_beverages: 'Food and beverages',
  furniture: 'Furniture',
  machinery: 'Machinery',
  pharmaceuticals: 'Pharmaceuticals',
  textiles: 'Textiles',
} as const;

/** The SOP form's starting industries (GET /sop/industries adds the ones in use). */
export const SOP_INDUSTRIES = {
  automotive: 'Automotive',
  chemical: 'Chemical',
  consumer_goods: 'Consumer goods',
  food: 'Food',
  healthcare: 'Healthcare',
  manufacturing: 'Manufacturing',
  retail: 'Retail',
  technology: 'Technology',
} as const;
