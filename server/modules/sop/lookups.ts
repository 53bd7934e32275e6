/**
 * The SOP form's lookups (SPEC §7 GET /sop/countries, /sop/clients, /sop/products,
 * /sop/industries, POST /sop/clients/{first_name}): countries are every ISO 3166 code named in
 * the asker's language; product types and industries are a starting list plus every value an
 * SOP already uses in the departments where the reader holds Sop.LIST_VIEW (an administrator:
 * every department), so one department's values do not show in another's form. Clients are
 * shared by every department (they have none), as SPEC §7 adds them by first name alone.
 */
import { departmentScope, type DepartmentScope } from '../../../contract/access';
import type { AccessSubject } from '../../../contract/profile';
import { SUPPORTED_LANGUAGES } from '../../../contract/constants';
import { SOP_INDUSTRIES, SOP_PRODUCT_TYPES } from '../../../contract/seeded-texts';
import { COUNTRY_CODES, countryName } from '../../../contract/sop';
import { nowIso } from '../../db/database';
import type { SopRepo } from './repo';

// The starting lists stay English in the rows; the console translates them while unchanged.
const PRODUCT_TYPES = Object.values(SOP_PRODUCT_TYPES);
const INDUSTRIES = Object.values(SOP_INDUSTRIES);

function merged(base: readonly string[], used: readonly string[]): string[] {
  return [...new Set([...base, ...used])].sort((a, b) => a.localeCompare(b, 'en'));
}

const readable = (subject: AccessSubject | undefined): DepartmentScope =>
  subject ? departmentScope(subject, 'Sop', 'LIST_VIEW') : 'all';

export function createSopLookups(repo: SopRepo) {
  return {
    countries(language: string | undefined) {
      const lng = (SUPPORTED_LANGUAGES as readonly string[]).includes(language ?? '')
        ? (language as string)
        : 'en';
      const collator = new Intl.Collator(lng);
      return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, lng) })).sort((a, b) =>
        collator.compare(a.name, b.name),
      );
    },
    clients: () => repo.clients(),
    /** `name` as the route's params schema checked it (clientNameParamsSchema). */
    async addClient(name: string) {
      return repo.addClient(name, nowIso());
    },
    /** Departments where the caller holds Sop.ADD (all of them for an administrator). */
    async departments(subject: AccessSubject) {
      const scope = departmentScope(subject, 'Sop', 'ADD');
      const all = await repo.departments();
      return scope === 'all' ? all : all.filter((d) => scope.includes(d.id));
    },
    /**
     * The starting list and the values SOPs use in the departments the reader may list; without
     * a reader (the server's own use: the reports' product names), every department's.
     */
    products: async (subject?: AccessSubject) =>
      merged(PRODUCT_TYPES, await repo.distinct('product_type', readable(subject))),
    industries: async (subject?: AccessSubject) =>
      merged(INDUSTRIES, await repo.distinct('industry', readable(subject))),
  };
}
