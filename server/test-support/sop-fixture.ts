/**
 * A generated SOP with known requirements per section, page and shipment mode: what
 * the checklist tests upload and what they expect back.
 */
import { buildPdf } from './fixtures/pdf-writer';

export const SOP_PAGES: string[][] = [
  [
    'Standard Operating Procedure Export Shipments',
    '1. General Requirements',
    'The shipper must prepare a commercial invoice for every shipment.',
    'Ensure that every carton is labelled with the consignee address.',
    'This procedure was written by the logistics team.',
  ],
  [
    '2. Sea Freight',
    'The forwarder shall verify the container seal number before loading.',
    'Submit the bill of lading draft to the client two days before departure.',
  ],
  [
    '3. Air Freight',
    'The forwarder must file the air waybill with the airline.',
    'Verify that dangerous goods are declared under IATA rules.',
  ],
  [
    '4. Country Rules',
    'Shipments to Germany must carry an EORI number on the invoice.',
    'Shipments to Brazil must carry the NCM code on every invoice.',
    '5. Loading Steps',
    '1) Inspect the pallets for damage',
    '2) Photograph the loaded truck before it leaves',
  ],
];

/** What a sea shipment from China to Germany keeps, by section, with pages. */
export const SEA_TO_GERMANY = [
  { section: '1. General Requirements', page: 1, starts: 'The shipper must prepare' },
  { section: '1. General Requirements', page: 1, starts: 'Ensure that every carton' },
  { section: '2. Sea Freight', page: 2, starts: 'The forwarder shall verify' },
  { section: '2. Sea Freight', page: 2, starts: 'Submit the bill of lading' },
  { section: '4. Country Rules', page: 4, starts: 'Shipments to Germany' },
  { section: '5. Loading Steps', page: 4, starts: '1) Inspect the pallets' },
];
export const AIR_ONLY = ['The forwarder must file the air waybill', 'Verify that dangerous goods'];

export function sopPdf(pages = SOP_PAGES): Buffer {
  return buildPdf(
    pages.map((lines) => ({ lines })),
    'Export SOP',
  );
}

/** A long SOP for the benchmark: `pages` pages, each a section of mixed requirements. */
export function longSopPdf(pages: number): Buffer {
  const modes = ['sea', 'air', 'road', 'rail'];
  return sopPdf(
    Array.from({ length: pages }, (_, p) => [
      `${p + 1}. ${modes[p % 4] === 'sea' ? 'Sea' : modes[p % 4] === 'air' ? 'Air' : 'General'} Procedures Part ${p + 1}`,
      ...Array.from(
        { length: 12 },
        (_, i) =>
          `Step ${i + 1}: the operator must check item ${p * 12 + i} of the ${modes[(p + i) % 4]} shipment file.`,
      ),
      'Background text that states no duty at all and only explains the context.',
    ]),
  );
}
