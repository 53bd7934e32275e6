/** Server codes and seeded rows as a person reads them (English instance of the real files). */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/i18n-for-tests';
import deCommon from '../../public/locales/de/common.json';
import { departmentDescriptionText, roleDescriptionText, sopLookupText } from './seeded-text';
import { webAddressText } from './web-address-text';

const t = createTestI18n().t;
/** The German common namespace alone: what a German reader of a seeded row sees. */
const de = i18next.createInstance();
void de.init({ lng: 'de', initAsync: false, resources: { de: { common: deCommon } } });

describe('web address refusals', () => {
  it('when the server sends a code, then the text is the console’s with the range in words', () => {
    expect(
      webAddressText(t, {
        message: 'http://127.0.0.1 resolves to a loopback address, which may not be fetched.',
        code: 'refused',
        params: { origin: 'http://127.0.0.1', range: 'loopback' },
      }),
    ).toBe(
      'http://127.0.0.1 points to a closed address range (loopback), which may not be fetched.',
    );
  });

  it('when a server sends no code, then its own words stay', () => {
    expect(webAddressText(t, { message: 'Older server words.' })).toBe('Older server words.');
  });
});

describe('seeded rows', () => {
  it('when a seeded role still holds its seeded description, then it is read from the locale', () => {
    const staff = { id: 2, description: 'Asks the knowledge assistant and reads documents.' };
    expect(roleDescriptionText(t, staff)).toBe(t('common:seeded.roles.staff'));
    expect(roleDescriptionText(de.t, staff)).toBe(
      'Fragt den Wissensassistenten und liest Dokumente.',
    );
  });

  it('when someone edited a seeded role’s description, then it is shown as written', () => {
    expect(roleDescriptionText(de.t, { id: 2, description: 'Our front office.' })).toBe(
      'Our front office.',
    );
    // The same words on another role are that role's own.
    expect(
      roleDescriptionText(de.t, {
        id: 9,
        description: 'Asks the knowledge assistant and reads documents.',
      }),
    ).toBe('Asks the knowledge assistant and reads documents.');
  });

  it('when a sandbox or a starting SOP value is shown, then it is translated; any other value is not', () => {
    expect(departmentDescriptionText(de.t, 'Sandbox of a self-registered Trial user.')).toBe(
      'Sandbox eines selbst registrierten Testbenutzers.',
    );
    expect(sopLookupText(de.t, 'products', 'Furniture')).toBe('Möbel');
    expect(sopLookupText(de.t, 'industries', 'Retail')).toBe('Einzelhandel');
    expect(sopLookupText(de.t, 'products', 'Harbour cranes')).toBe('Harbour cranes');
  });
});
