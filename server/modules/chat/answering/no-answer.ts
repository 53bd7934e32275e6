/**
 * What the built-in engine says when the documents do not answer, in the language the question
 * was asked in (the console's locale files, chat.json `answerTexts`; English for a language the
 * console does not speak). The e-mail agent's drafts say it in the mail's language likewise.
 *
 * A chat widget's visitor reads its own wording (`visitorNoAnswer`): the console's text sends
 * its users to switches (advanced search, multi-source) and "the documents you can search",
 * which a website's visitor has never seen.
 */
import { localeLabels } from '../../../services/text/locale-labels';

/** Who reads the answer: a console user, or a chat widget's visitor. */
export type AnswerAudience = 'console' | 'widget';

export const noAnswerText = (language: string, audience: AnswerAudience = 'console') =>
  localeLabels('chat', 'answerTexts', language).t(
    audience === 'widget' ? 'visitorNoAnswer' : 'noAnswer',
  );

export const partNoAnswerText = (language: string) =>
  localeLabels('chat', 'answerTexts', language).t('partNoAnswer');
