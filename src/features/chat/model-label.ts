/**
 * A model's name as the console shows it: the built-in engine in the reader's language (the
 * server's `label` is English, kept for API clients), a provider's model by its own name.
 */
import { BUILTIN_MODEL_ID, type ChatModel } from '@contract/chat';
import type { Translate } from '@/lib/error-text';

export const modelLabel = (t: Translate, id: string, offered: readonly ChatModel[]): string =>
  id === BUILTIN_MODEL_ID
    ? t('chat:models.builtin')
    : (offered.find((m) => m.id === id)?.label ?? id);
