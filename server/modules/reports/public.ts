/**
 * The reports folder's contract to the other modules: the turn log's types, for the modules that
 * store turns through it (chat, service-agent) or read it (users). Other modules import reports
 * only from here, its module.ts or turn-log-module.ts (the turn log is its own module, built
 * first, in this folder because it keeps the reports' rollups in step); everything else is
 * internal (eslint.config.js enforces it).
 */
export type { NewTurn, StoredAlongside, TurnLog } from './turn-log';
