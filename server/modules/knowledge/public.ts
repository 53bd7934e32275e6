/**
 * The knowledge module's contract to the other modules: the upload content checks (SOP uploads
 * are checked as knowledge uploads are) and the extractor's kind of a document type. Other
 * modules import knowledge only from here (or its module.ts for `from(knowledgeModule)`);
 * everything else is internal (eslint.config.js enforces it).
 */
export { asUploadExtension, checkContainer, declaredTypeFits, headRefusal } from './file-check';
export { kindOf } from './ingest-engine';
