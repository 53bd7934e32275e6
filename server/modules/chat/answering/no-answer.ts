/**
 * What the built-in engine says when the documents do not answer, in the language the question
 * was asked in (the console's locale files, chat.json `answerTexts`; English for a language the
 * console does not speak). The e-mail agent's drafts say it in the mail's language likewise.
 */
import { localeLabels } from '../../../services/text/locale-labels';

export const noAnswerText = (language: string) =>
  localeLabels('chat', 'answerTexts', language).t('noAnswer');

export const partNoAnswerText = (language: string) =>
  localeLabels('chat', 'answerTexts', language).t('partNoAnswer');
