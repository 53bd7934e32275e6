/**
 * The product names a turn's question or answer holds, as `report_product_turns` and its sums
 * store them (`asked_names`, `suggested_names`): lower-cased, in name order, each between two
 * separators.
 */

/** Separates the names; one on either side of each. */
export const NAME_SEP = '\u001f';

/** How `name` stands in a stored value, separators included (what a search looks for). */
export const nameToken = (name: string) => `${NAME_SEP}${name}${NAME_SEP}`;

/** The names of a stored value. */
export const namesOf = (value: string) => value.split(NAME_SEP).filter(Boolean);
