/**
 * Texts the server seeded in English, in the reader's language while the row still holds them
 * unchanged (contract/seeded-texts.ts says why); anything a person wrote is shown as written.
 */
import {
  SANDBOX_DESCRIPTION,
  SEEDED_ROLE_DESCRIPTIONS,
  SOP_INDUSTRIES,
  SOP_PRODUCT_TYPES,
} from '@contract/seeded-texts';
import type { Translate } from './error-text';

export function roleDescriptionText(t: Translate, role: { id: number; description: string }) {
  const seeded = (
    SEEDED_ROLE_DESCRIPTIONS as Record<number, { key: string; text: string } | undefined>
  )[role.id];
  return seeded && seeded.text === role.description
    ? t(`common:seeded.roles.${seeded.key}`)
    : role.description;
}

export const departmentDescriptionText = (t: Translate, description: string) =>
  description === SANDBOX_DESCRIPTION ? t('common:seeded.sandbox') : description;

const LISTS = { products: SOP_PRODUCT_TYPES, industries: SOP_INDUSTRIES } as const;

/** An SOP's product type or industry: one of the starting list's, translated; any other as it is. */
export function sopLookupText(t: Translate, which: 'products' | 'industries', value: string) {
  const key = Object.entries(LISTS[which]).find(([, text]) => text === value)?.[0];
  return key ? t(`common:seeded.${which}.${key}`) : value;
}
