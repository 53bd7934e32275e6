import { describe, expect, it } from 'vitest';
import { systemLanguages } from './ocr';
import { consoleLanguages } from './ocr-languages';
import { resolveSettings } from './settings';

describe('OCR languages', () => {
  it('when some console languages are installed among others, then OCR reads with those, English first', () => {
    expect(consoleLanguages(['osd', 'deu', 'eng', 'jpn', 'ara'])).toBe('eng+deu+ara');
    expect(consoleLanguages(['fra'])).toBe('fra');
  });

  it('when no console language is installed, then English is asked for (its run names what is missing)', () => {
    expect(consoleLanguages(['osd'])).toBe('eng');
  });

  it("when Debian's tesseract has the data of every console language (npm test installs it), then the system engine reads with all five", async () => {
    await expect(systemLanguages(resolveSettings())).resolves.toBe('eng+spa+fra+deu+ara');
    await expect(systemLanguages(resolveSettings({ ocrLanguages: 'deu' }))).resolves.toBe('deu');
  });
});
