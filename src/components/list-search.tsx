import { useId, useState, type FormEvent } from 'react';
import { CButton, CFormInput, CInputGroup } from '@coreui/react';
import { useTranslation } from 'react-i18next';

interface ListSearchProps {
  /** The search in the address; the box follows it when the person goes back or forward. */
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
}

/**
 * A search box that applies on Enter or the button, so each search is one history entry and the
 * back button returns to the previous one.
 */
export function ListSearch(props: ListSearchProps) {
  // Remount when the address changes, so the box shows what the list is filtered by.
  return <SearchForm key={props.value} {...props} />;
}

function SearchForm({ value, onSearch, label, placeholder }: ListSearchProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [text, setText] = useState(value);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <form role="search" onSubmit={submit} className="flex-grow-1" style={{ maxWidth: 420 }}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <CInputGroup>
        <CFormInput
          id={id}
          type="search"
          value={text}
          placeholder={placeholder ?? label}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
        />
        <CButton type="submit" color="primary" variant="outline">
          {t('list.search')}
        </CButton>
        {value && (
          <CButton
            type="button"
            color="secondary"
            variant="outline"
            onClick={() => onSearch('')}
            aria-label={t('list.clearSearch')}
          >
            ×
          </CButton>
        )}
      </CInputGroup>
    </form>
  );
}
