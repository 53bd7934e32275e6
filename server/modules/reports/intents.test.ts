import { describe, expect, it } from 'vitest';
import { clusterIntents } from './intents';

const labels = (questions: string[]) => clusterIntents(questions).map((i) => i.label);

describe('intents', () => {
  it('when people ask about a thing in a few words, then the label is their phrase in the order they wrote it', () => {
    const intents = clusterIntents([
      'What is the meal allowance for a trip abroad?',
      'Is the meal allowance paid with the salary?',
      'The meal allowance is really awful',
      'How much meal allowance do I get in Berlin?',
    ]);
    expect(intents[0]).toMatchObject({ label: 'meal allowance', count: 4 });
  });

  it('when questions carry feelings and intensifiers, then no label is made of them', () => {
    const found = labels([
      'This is really awful, the parcel never came',
      'Awful service, where is my parcel?',
      'Really terrible: my parcel is late',
    ]);
    expect(found[0]).toBe('parcel');
    for (const label of found) expect(label).not.toMatch(/awful|really|terrible/i);
  });

  it('when a phrase is shared by only a few of its questions, then the label is the shared word alone', () => {
    expect(
      labels([
        'How do I reset my password?',
        'Password expired yesterday',
        'Where do I change the password for the portal?',
      ])[0],
    ).toMatch(/^password$/i);
  });

  it('when people ask in Spanish, French, German or Arabic, then their feeling words and intensifiers stay out of the label too', () => {
    expect(
      labels([
        '¿Cómo cambio mi contraseña?',
        'Mi contraseña no funciona, es horrible',
        'La contraseña es muy mala',
      ])[0],
    ).toBe('contraseña');
    expect(
      labels([
        'Le remboursement des frais est vraiment nul',
        'Comment obtenir le remboursement des frais ?',
        'Quand arrive mon remboursement ?',
      ])[0],
    ).toBe('remboursement');
    expect(
      labels([
        'Die Reisekostenabrechnung ist wirklich schrecklich',
        'Wie reiche ich die Reisekostenabrechnung ein?',
        'Wo finde ich die Reisekostenabrechnung?',
      ])[0],
    ).toBe('Reisekostenabrechnung');
    const arabic = labels([
      'بدل الوجبات سيء جدا',
      'كم بدل الوجبات في الشهر؟',
      'متى يصرف بدل الوجبات؟',
    ]);
    expect(arabic[0]).toBe('بدل الوجبات');
  });

  it('when French or German questions start with a question word or a verb of asking, then the label is what they ask about', () => {
    expect(
      labels([
        'Comment obtenir le remboursement des frais ?',
        'Quand arrive le remboursement des frais ?',
      ])[0],
    ).toBe('remboursement');
    expect(labels(['Wie bekomme ich einen Parkausweis?', 'Wo gibt es den Parkausweis?'])[0]).toBe(
      'Parkausweis',
    );
  });

  it('when no question has a content word, then there is no intent', () => {
    expect(clusterIntents(['Thanks!', 'Great, really great', 'Hi'])).toEqual([]);
  });
});
