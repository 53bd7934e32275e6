/**
 * The shapes of the knowledge (uploads and documents), assistant (chat, visuals) and SOP routes,
 * checked by api-docs-knowledge.test.ts. The multipart uploads and the downloads are in
 * route-schemas-files.ts; the chat answers are documented as JSON (their event stream, asked for
 * with `Accept: text/event-stream`, is not described).
 */
import * as auth from '../../contract/auth';
import * as chat from '../../contract/chat';
import * as knowledge from '../../contract/knowledge';
import * as sop from '../../contract/sop';
import type { RouteSchemas } from './route-schemas';

const documentId = knowledge.documentIdParamsSchema;
const chatId = chat.chatIdParamsSchema;
const sopId = sop.sopIdParamsSchema;
const answer: RouteSchemas = {
  body: chat.chatRequestSchema,
  response: chat.chatAnswerSchema,
  stream: true,
};
const message = auth.messageResponseSchema;
const pdf = ['application/pdf'];

export const knowledgeRouteSchemas: Record<string, RouteSchemas> = {
  // 200 when an address was stored; the answer lists each address's outcome (not shaped).
  // 200 when any address was added; each address's outcome is in `items`.
  'POST /api/upload/urls': {
    body: knowledge.uploadUrlsBodySchema,
    response: knowledge.uploadUrlsResponseSchema,
  },
  'GET /api/upload/documents/:id': {
    params: documentId,
    response: knowledge.knowledgeDocumentSchema,
  },
  'POST /api/upload/documents/:id/resync': {
    params: documentId,
    response: knowledge.knowledgeDocumentSchema,
  },
  'PUT /api/upload/update_soft_delete': {
    body: knowledge.softDeleteBodySchema,
    response: knowledge.softDeleteResponseSchema,
  },
  'POST /api/delete/documents/all': {
    body: knowledge.deleteDocumentsBodySchema,
    response: knowledge.deleteDocumentsResponseSchema,
  },
  'POST /api/delete/url/sitemap': {
    body: knowledge.deleteSitemapsBodySchema,
    response: knowledge.deleteDocumentsResponseSchema,
  },
  // A JSON answer when the client does not ask for text/event-stream.
  'POST /api/chat/stuff': answer,
  'POST /api/chat/stuff-v2': answer,
  'POST /api/chat/stuff-v3': answer,
  'GET /api/chat/conversations': {
    query: chat.conversationsQuerySchema,
    response: chat.conversationPageSchema,
  },
  'GET /api/chat/conversations/:chat_id': {
    params: chatId,
    response: chat.conversationDetailSchema,
  },
  'PUT /api/chat/conversations/:chat_id': {
    params: chatId,
    body: chat.renameConversationSchema,
    response: chat.conversationSchema,
  },
  'DELETE /api/chat/conversations/:chat_id': { params: chatId, response: message },
  'POST /api/chat/get-rec-ques': {
    body: chat.recommendedQuestionsRequestSchema,
    response: chat.recommendedQuestionsResponseSchema,
  },
  // Form data (urlencoded or multipart) or JSON, all parsed with the same schema.
  'POST /api/chat/feedback': {
    body: chat.feedbackFormSchema,
    response: chat.feedbackResponseSchema,
  },
  'POST /api/chat/visual_router': {
    body: chat.visualRequestSchema,
    response: chat.visualRouteSchema,
  },
  'POST /api/chat/generate_visual': { body: chat.visualRequestSchema, file: ['image/svg+xml'] },
  'GET /api/sop/documents': {
    query: sop.sopDocumentsQuerySchema,
    response: sop.sopDocumentPageSchema,
  },
  'GET /api/sop/archived/documents': {
    query: sop.sopDocumentsQuerySchema,
    response: sop.sopDocumentPageSchema,
  },
  // A docx is shown as a pdf too.
  'GET /api/sop/documents/:id': { params: sopId, query: sop.sopViewQuerySchema, file: pdf },
  'GET /api/sop/documents/references/:id': { params: sopId, file: pdf },
  'DELETE /api/sop/documents/references': { body: sop.referenceIdsBodySchema, response: message },
  'DELETE /api/sop/documents': { body: sop.archiveManyBodySchema, response: message },
  'PUT /api/sop/archived/documents/:id': {
    params: sopId,
    body: sop.archiveBodySchema,
    response: message,
  },
  'PUT /api/sop/archived/documents/unarchive/:id': {
    params: sopId,
    response: sop.sopDocumentSchema,
  },
  'DELETE /api/sop/archived': { body: sop.documentIdsBodySchema, response: message },
  'GET /api/sop/countries': { query: sop.countriesQuerySchema, response: sop.countryListSchema },
  'GET /api/sop/clients': { response: sop.lookupListSchema },
  // 201 for a new client; an existing name answers 200 with that client. Not shaped.
  // 201 when the client is new, 200 with the one that exists.
  'POST /api/sop/clients/:first_name': {
    params: sop.clientNameParamsSchema,
    response: sop.lookupSchema,
    status: 201,
  },
  'GET /api/sop/departments': { response: sop.lookupListSchema },
  'POST /api/sop/checklists': {
    body: sop.generateChecklistSchema,
    response: sop.checklistSchema,
    status: 201,
  },
  'DELETE /api/sop/checklists': { body: sop.documentIdsBodySchema, response: message },
  'GET /api/sop/checklists/:id': { params: sopId, response: sop.checklistSchema },
  'GET /api/sop/checklists/:id/versions': {
    params: sopId,
    response: sop.checklistVersionsSchema,
  },
  'GET /api/sop/checklists/references/:id': { params: sopId, response: sop.sopFileListSchema },
};
