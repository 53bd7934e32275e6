/**
 * The source viewer asks for a document's notes right after its pdf. Laying out a document
 * re-reads its file (seconds for a large workbook, OCR for an image), so the notes of the
 * layouts this process made lately are kept, by document and its last change; another process,
 * or an older entry, works them out again.
 */
import type { SourceNoteText } from '../../../contract/knowledge-texts';

/** Documents remembered; a few hundred small arrays, whatever the number of viewers. */
const KEPT = 200;

interface Laid {
  id: number;
  updated_at: string;
}

export function createRecentNotes() {
  const notes = new Map<string, SourceNoteText[]>();
  const keyOf = (doc: Laid) => `${doc.id}:${doc.updated_at}`;
  return {
    keep(doc: Laid, said: SourceNoteText[]) {
      const key = keyOf(doc);
      notes.delete(key);
      notes.set(key, said);
      if (notes.size > KEPT) notes.delete(notes.keys().next().value as string);
    },
    find(doc: Laid): SourceNoteText[] | undefined {
      return notes.get(keyOf(doc));
    },
  };
}
