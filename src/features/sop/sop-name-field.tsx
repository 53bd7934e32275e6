import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { sopLookupText } from '@/lib/seeded-text';
import { useSopNamesQuery } from './sop-api';

/**
 * An industry or a product type: one of the known values offered, or a new one typed in (the
 * server keeps any plain text, and lists it from then on: GET /sop/industries, /sop/products).
 */
export function SopNameField({
  which,
  label,
  value,
  onChange,
  error,
}: {
  which: 'industries' | 'products';
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('sop');
  const names = useSopNamesQuery(which);
  const listId = useId();
  return (
    <>
      <FormField
        label={label}
        value={value}
        list={listId}
        maxLength={100}
        autoComplete="off"
        hint={t('pickOrType')}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={listId}>
        {(names.data?.items ?? []).map((n) => (
          // The value saved stays as listed; a starting-list value shows its translation beside it.
          <option key={n} value={n} label={sopLookupText(t, which, n)} />
        ))}
      </datalist>
    </>
  );
}
