import { describe, expect, it } from 'vitest';
import { questionCore } from './question-core';

describe('the core of a question', () => {
  it('when a question gives its reason after a comma, then the reason is left out, in every language', () => {
    expect(
      questionCore(
        'Could you let me know when Debian 6.0 was released, as our auditors want the exact date?',
      ),
    ).toBe('Could you let me know when Debian 6.0 was released?');
    expect(questionCore('Quel est le port par défaut, car nous devons le changer ?')).toBe(
      'Quel est le port par défaut?',
    );
    expect(questionCore('Was ist der Standardport, weil wir ihn ändern müssen?')).toBe(
      'Was ist der Standardport?',
    );
    expect(questionCore('¿Cuál es el puerto por defecto, porque tenemos que cambiarlo?')).toBe(
      '¿Cuál es el puerto por defecto?',
    );
  });

  it('when a lead-in ends in a colon before the question, then the question stays with what the lead-in names', () => {
    expect(
      questionCore(
        'Je vous écris au sujet de nos serveurs Debian: est-il possible de mettre à jour le système automatiquement?',
      ),
    ).toBe('est-il possible de mettre à jour le système automatiquement? Debian');
  });

  it('when nothing surrounds the question, or too little would be left, then it stays as asked', () => {
    expect(questionCore('What is the default value for max_connections?')).toBe(
      'What is the default value for max_connections?',
    );
    expect(questionCore('Why, as always?')).toBe('Why, as always?');
    expect(questionCore('Note: port?')).toBe('Note: port?');
  });
});
