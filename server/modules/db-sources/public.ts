/**
 * The db-sources module's contract to the other modules: a chart answered from a database, as
 * the visuals module draws it. Other modules import db-sources only from here (or its module.ts
 * for `from(dbSourcesModule)`); everything else is internal (eslint.config.js enforces it).
 */
export type { DbVisual } from './visual-answer';
