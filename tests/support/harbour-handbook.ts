/** The small pdf the chat and widget journeys ask about, and the question it answers. */
import { buildPdf } from '../../server/test-support/fixtures/pdf-writer';

export const HARBOUR_QUESTION = 'When does the Quillonby harbour office open?';

export const harbourHandbook = buildPdf([
  { lines: ['Quillonby harbour handbook', 'Mooring fees are paid at the kiosk.'] },
  {
    lines: [
      'Opening hours',
      'The Quillonby harbour office opens at 07:15 on weekdays.',
      'Fishing permits for the Quillonby pier are issued by the harbour master.',
    ],
  },
]);
