import { describe, expect, it } from 'vitest';
import { SEA_TO_GERMANY, SOP_PAGES } from '../../test-support/sop-fixture';
import { countriesIn, modesIn, selectFor } from './applicability';
import { isHeading } from './passages';
import { extractRequirements } from './requirements';
import type { SopSection } from './types';

const pdfSections: SopSection[] = SOP_PAGES.map((lines, i) => ({
  text: lines.join('\n\n'),
  page: i + 1,
  heading: null,
  hardLines: false,
}));

describe('the built-in requirement extractor', () => {
  it('when an SOP states duties under numbered headings, then each is one requirement under its heading with its page', () => {
    const { requirements } = extractRequirements(pdfSections, 'Export SOP');
    expect(requirements.map((r) => r.section)).toEqual([
      '1. General Requirements',
      '1. General Requirements',
      '2. Sea Freight',
      '2. Sea Freight',
      '3. Air Freight',
      '3. Air Freight',
      '4. Country Rules',
      '4. Country Rules',
      '5. Loading Steps',
      '5. Loading Steps',
    ]);
    expect(requirements.some((r) => r.text.includes('written by the logistics team'))).toBe(false);
    expect(requirements[2]).toMatchObject({ page: 2, modes: ['sea'], countries: [] });
    expect(requirements[6]).toMatchObject({ page: 4, countries: ['DE'], modes: [] });
  });

  it('when a sea shipment to Germany is chosen, then sea and general items stay and air, road and Brazil items are left out with the reason', () => {
    const { requirements } = extractRequirements(pdfSections, 'Export SOP');
    const { kept, excluded } = selectFor(requirements, {
      shipment_mode: 'sea',
      from_location: 'CN',
      to_location: 'DE',
    });
    expect(kept.map((r) => [r.section, r.page])).toEqual(
      SEA_TO_GERMANY.map((e) => [e.section, e.page]),
    );
    kept.forEach((r, i) => expect(r.text.startsWith(SEA_TO_GERMANY[i].starts)).toBe(true));
    expect(excluded.map((e) => [e.reason, e.applies_to])).toEqual([
      ['mode', ['air']],
      ['mode', ['air']],
      ['country', ['BR']],
      ['mode', ['road']],
    ]);
  });

  it('when the same SOP is read twice, then the requirements are the same', () => {
    expect(extractRequirements(pdfSections, 'x')).toEqual(extractRequirements(pdfSections, 'x'));
  });

  it('when a docx gives its headings, then they are the sections', () => {
    const { requirements } = extractRequirements(
      [
        {
          text: 'Verify the seal.\nCheck the doors',
          page: null,
          heading: 'Rail Loading',
          hardLines: true,
        },
      ],
      'x',
    );
    expect(requirements).toMatchObject([
      { section: 'Rail Loading', text: 'Verify the seal.', modes: ['rail'] },
      { section: 'Rail Loading', text: 'Check the doors', modes: ['rail'] },
    ]);
  });

  it('when texts name modes or countries, then they are found, and words that merely contain them are not', () => {
    expect(modesIn('Book the air freight with the airline')).toEqual(['air']);
    expect(modesIn('Keep the air-conditioned store closed')).toEqual([]);
    expect(modesIn('This applies to all modes: truck and vessel')).toEqual([]);
    expect(modesIn('The shipment plan')).toEqual([]);
    expect(countriesIn('Goods to the United States and to the UK, not to Germany')).toEqual([
      'DE',
      'GB',
      'US',
    ]);
    expect(countriesIn('a chinaware cup')).toEqual([]);
    expect(isHeading('2.1 Sea Freight')).toBe(true);
    expect(isHeading('The forwarder shall verify the seal')).toBe(false);
    expect(isHeading('Goods are packed by hand.')).toBe(false);
  });

  it('when a pdf wraps a sentence over several lines, then it is one requirement, and a wrapped fragment is no heading', () => {
    const { requirements } = extractRequirements(
      [
        {
          text: '2.1 Loading\n\nThe forwarder must check that every pallet is wrapped and\n\nlabelled before it is loaded (see the label list in\n\nAnnex B) on the truck.\n\nCustoms',
          page: 3,
          heading: null,
          hardLines: false,
        },
      ],
      'x',
    );
    expect(requirements).toMatchObject([
      {
        section: '2.1 Loading',
        page: 3,
        text: 'The forwarder must check that every pallet is wrapped and labelled before it is loaded (see the label list in Annex B) on the truck.',
        modes: ['road'],
      },
    ]);
  });
});
