import { describe, expect, it } from 'vitest';
import ar from '../../../public/locales/ar/email-agent.json';
import de from '../../../public/locales/de/email-agent.json';
import en from '../../../public/locales/en/email-agent.json';
import es from '../../../public/locales/es/email-agent.json';
import fr from '../../../public/locales/fr/email-agent.json';
import { HISTORY_FIELD_KEYS, humanisedField } from './history-fields';

const locales = { en, es, fr, de, ar };

describe('history field names', () => {
  it('when the history names any field the server records, then every language has words for it', () => {
    for (const [language, texts] of Object.entries(locales)) {
      const changed = texts.changed as Record<string, string>;
      for (const [field, key] of Object.entries(HISTORY_FIELD_KEYS)) {
        expect(changed[key], `${language}: ${field}`).toBeTruthy();
        expect(changed[key]).not.toMatch(/_/);
      }
    }
  });

  it('when a field has no words yet, then it is shown humanised, never in snake_case', () => {
    expect(humanisedField('reply_window')).toBe('reply window');
    expect(humanisedField('sentAt')).toBe('sent at');
    expect(humanisedField('body_sha256')).toBe('body sha256');
  });
});
