/**
 * Text of one direction inside a sentence of the other ("أجاب gpt-4o (mini)"): wrapped in
 * Unicode's first-strong isolate, it keeps its own order and its brackets, as <bdi> does for an
 * element. For strings that end up inside a translated sentence or an <option>, where no
 * element can be put.
 */
export const isolated = (text: string): string => `\u2068${text}\u2069`;
