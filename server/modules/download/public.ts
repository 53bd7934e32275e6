/**
 * The download module's contract to the other modules: an extracted document's text as PDF
 * blocks, so an SOP's text reads as a downloaded document does. Other modules import download
 * only from here (or its module.ts); everything else is internal (eslint.config.js enforces it).
 */
export { layoutWords, type LayoutWords, sectionBlocks } from './content';
