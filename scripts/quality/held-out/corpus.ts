/**
 * The held-out half's documents: real Debian-shipped documents that no rule of the answering
 * engine was written against. Engine developers see only the figures of the questions asked of
 * them (held-out/questions.ts, held-out/languages.ts), never which ones missed.
 *
 * - English: apt-cacher-ng's manual (PDF as shipped), Backup Manager's user guide (its text
 *   edition turned into a .docx manual), the Mozilla Public License 2.0 (.docx, its
 *   numbered titles headings) and the Securing Debian Manual (HTML pages through a sitemap);
 * - Spanish and French: the Debian Administrator's Handbook's translations (HTML pages through a
 *   sitemap each);
 * - German: the Debian Reference's German translation (PDF as shipped);
 * - tables: stock prices by month (vega-datasets) as an .xlsx with real date cells, and the
 *   yearly carbon emissions of dslabs as the CSV it ships.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildDocx } from '../../../server/test-support/fixtures/docx-writer';
import { datedWorkbook, monthDayYear, textManualBlocks } from '../convert';
import {
  copyShipped,
  handbook,
  obtain,
  shippedBytes,
  type CorpusSite,
  type Shipped,
} from '../debian';

type Place = (name: string, make: (out: string) => void | Promise<void>) => Promise<void>;

const PDFS: (Shipped & { name: string })[] = [
  {
    name: 'apt-cacher-ng.pdf',
    pkg: 'apt-cacher-ng',
    path: '/usr/share/doc/apt-cacher-ng/apt-cacher-ng.pdf',
  },
  {
    name: 'debian-reference.de.pdf',
    pkg: 'debian-reference-de',
    path: '/usr/share/debian-reference/debian-reference.de.pdf',
  },
];
const BACKUP_GUIDE: Shipped = {
  pkg: 'backup-manager-doc',
  path: '/usr/share/doc/backup-manager-doc/user-guide.txt.gz',
};
const MPL: Shipped = { pkg: 'base-files', path: '/usr/share/common-licenses/MPL-2.0' };
const STOCKS: Shipped = {
  pkg: 'python3-vega-datasets',
  path: '/usr/lib/python3/dist-packages/vega_datasets/_data/stocks.csv',
};
const EMISSIONS: Shipped = {
  pkg: 'r-cran-dslabs',
  path: '/usr/lib/R/site-library/dslabs/extdata/carbon_emissions.csv',
};
const SECURING: Shipped = { pkg: 'harden-doc', path: '/usr/share/doc/harden-doc/html/en-US' };

export async function buildHeldOutCorpus(
  cache: string,
  place: Place,
): Promise<{ sites: CorpusSite[] }> {
  for (const pdf of PDFS) await place(pdf.name, copyShipped(cache, pdf));
  await place('backup-manager-user-guide.docx', (out) =>
    writeFileSync(
      out,
      buildDocx(textManualBlocks(shippedBytes(cache, BACKUP_GUIDE).toString('utf8'))),
    ),
  );
  await place('MPL-2.0.docx', (out) =>
    writeFileSync(out, buildDocx(textManualBlocks(readFileSync(obtain(cache, MPL), 'utf8')))),
  );
  await place('stock-prices.xlsx', (out) =>
    datedWorkbook(obtain(cache, STOCKS), out, {
      name: 'Stock prices',
      dateColumn: 'date',
      dateFormat: 'mmm d yyyy',
      parseDate: monthDayYear,
    }),
  );
  await place('carbon-emissions.csv', copyShipped(cache, EMISSIONS));
  return {
    sites: [
      { prefix: 'securing-debian', root: obtain(cache, SECURING) },
      { prefix: 'handbook-es', root: obtain(cache, handbook('es-ES')) },
      { prefix: 'handbook-fr', root: obtain(cache, handbook('fr-FR')) },
    ],
  };
}
