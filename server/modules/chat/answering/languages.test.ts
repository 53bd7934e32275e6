/**
 * The assistant in every console language: documents in French, German, Spanish and Arabic
 * uploaded through the API, asked in their language with other word forms than the text uses
 * ("connexions" / "connexion", "Sicherungen" / "Sicherung"), beside an English manual that
 * shares none of their words.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDocx } from '../../../test-support/fixtures/docx-writer';
import { uploadFiles, waitForDocument } from '../../../test-support/knowledge';
import { describeApi } from '../../../test-support/test-app';

const MANUALS: Record<string, string[]> = {
  'manual-en.docx': [
    'The warehouse scanner stores every parcel label for ninety days.',
    'Labels older than that are erased by the nightly cleanup job.',
    'A scanner battery lasts about eleven hours on a full charge.',
  ],
  'manuel-fr.docx': [
    'Le serveur de fichiers accepte au plus cent vingt connexions simultanées.',
    'Les sauvegardes complètes sont effectuées chaque dimanche à trois heures du matin.',
    'Les utilisateurs reçoivent un courriel lorsque leur quota atteint quatre-vingts pour cent.',
  ],
  'handbuch-de.docx': [
    'Die Sicherungen der Datenbank werden jede Nacht um zwei Uhr erstellt.',
    'Ein Benutzerkonto wird nach fünf falschen Passwörtern für zehn Minuten gesperrt.',
    'Die Protokolldateien werden nach dreißig Tagen automatisch gelöscht.',
  ],
  'manual-es.docx': [
    'Las impresoras de la oficina se reinician automáticamente cada viernes por la tarde.',
    'El tóner de repuesto se guarda en el armario azul del segundo piso.',
    'Las solicitudes de reparación se atienden en un plazo de dos días laborables.',
  ],
  'dalil-ar.docx': [
    'يتم إنشاء النسخ الاحتياطية للخادم كل ليلة في الساعة الثانية صباحا.',
    'تحفظ سجلات الدخول لمدة تسعين يوما ثم تحذف تلقائيا.',
    'يجب تغيير كلمة المرور الخاصة بالمستخدمين كل ستة أشهر.',
  ],
};

describeApi('answers in the console languages', (t) => {
  const ids: Record<string, number> = {};
  const ask = (query: string) =>
    t.api('POST', '/api/chat/stuff', { token: t.admin, body: { query, department_id: 1 } });

  beforeAll(async () => {
    const res = await uploadFiles(
      t,
      t.admin,
      Object.entries(MANUALS).map(([name, paragraphs]) => ({
        name,
        content: buildDocx(paragraphs.map((paragraph) => ({ paragraph }))),
      })),
      { department_id: '1' },
    );
    for (const item of res.body.items) ids[item.file_name] = item.document_id;
    for (const id of Object.values(ids))
      expect((await waitForDocument(t, t.admin, id, 90_000)).status).toBe('ready');
  }, 120_000);
  afterAll(() => undefined);

  it.each([
    ['Combien de connexions le serveur de fichiers accepte-t-il ?', 'manuel-fr.docx', 'cent vingt'],
    ['Quand la sauvegarde complète est-elle effectuée ?', 'manuel-fr.docx', 'chaque dimanche'],
    ['Wann wird die Sicherung der Datenbank erstellt?', 'handbuch-de.docx', 'um zwei Uhr'],
    ['Wie lange wird ein Benutzerkonto gesperrt?', 'handbuch-de.docx', 'zehn Minuten'],
    ['¿Cuándo se reinicia la impresora de la oficina?', 'manual-es.docx', 'cada viernes'],
    ['¿Dónde se guarda el tóner?', 'manual-es.docx', 'armario azul'],
    ['متى يتم إنشاء النسخة الاحتياطية للخادم؟', 'dalil-ar.docx', 'الساعة الثانية'],
    ['كم يوما تحفظ سجلات الدخول؟', 'dalil-ar.docx', 'تسعين يوما'],
    ['How long does the scanner keep a parcel label?', 'manual-en.docx', 'ninety days'],
  ])('when asked "%s", then the answer quotes %s', async (query, file, fact) => {
    const res = await ask(query);
    expect(res.status).toBe(200);
    expect(res.body.no_answer).toBe(false);
    expect(res.body.answer).toContain(fact);
    expect(res.body.references[0].document_id).toBe(ids[file]);
  });

  it.each([
    ['Quelle est la capitale de l’Australie ?', 'Je n’ai pas trouvé de réponse'],
    ['Wer hat die Fußballweltmeisterschaft 2018 gewonnen?', 'keine Antwort darauf gefunden'],
    ['¿Cuántas calorías tiene un plátano?', 'No encontré una respuesta'],
    ['ما هي عاصمة أستراليا؟', 'لم أجد إجابة'],
  ])('when "%s" is not in the documents, then it says so in that language', async (query, said) => {
    const res = await ask(query);
    expect(res.status).toBe(200);
    expect(res.body.no_answer).toBe(true);
    expect(res.body.answer).toContain(said);
  });
});
