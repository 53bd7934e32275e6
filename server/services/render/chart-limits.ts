/**
 * How large the app draws a chart and how many marks it keeps: the same for the visuals
 * module's charts of uploaded tables and the db-sources module's charts of query results, so
 * every chart an answer carries looks alike. Shared by both, owned by neither.
 */

/** Bars drawn at most (the largest), slices of a pie (the rest become "Other"), line points. */
export const CHART_CAPS = { bars: 30, slices: 8, points: 400, scatter: 2000 } as const;

export const CHART_SIZE = { width: 520, height: 300 } as const;
