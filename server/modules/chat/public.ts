/**
 * The chat module's contract to the other modules: what widget visitors and mail drafts need to
 * ask the assistant as the console does (the answer service's types, the models on offer, the
 * answer as an event stream) and how stored turns read back. Other modules import chat only from
 * here (or its module.ts for `from(chatModule)`); everything else under chat is internal
 * (eslint.config.js enforces it).
 */
export { type AnswerService, type AskInput, ChatCancelled } from './answering/answer-service';
export { streamAnswer } from './answering/answer-stream';
export { chatModels } from './answering/models';
export { historyEntry, parseReferences } from './conversations/service';
export type { TurnCharts as TurnChartKeeper } from './conversations/turn-charts';
