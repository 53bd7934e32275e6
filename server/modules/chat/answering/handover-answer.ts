/**
 * The answer to someone asking for a person (services/text/person-request.ts): not the
 * documents' "nothing found", but that a person will follow up, in the language they asked in
 * (helpdesk.json `answerTexts.handover`). The helpdesk module opens the ticket when the turn is
 * stored; the documents are not searched for such a question, and the model is not asked.
 */
import { BUILTIN_MODEL_ID } from '../../../../contract/chat';
import { localeLabels } from '../../../services/text/locale-labels';
import { personRequest } from '../../../services/text/person-request';
import type { Generated } from './answer-parts';

/** The hand-over answer when `question` asks for a person, else null. */
export function handoverAnswer(question: string): Generated | null {
  const language = personRequest(question);
  if (!language) return null;
  return {
    composed: {
      text: localeLabels('helpdesk', 'answerTexts', language).t('handover'),
      references: [],
      numbers: new Map(),
    },
    passages: [],
    noAnswer: false,
    engine: 'builtin',
    model: BUILTIN_MODEL_ID,
  };
}
