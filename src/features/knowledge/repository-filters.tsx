import { CNav, CNavItem, CNavLink } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '@/components/list-search';
import { SelectField } from '@/components/select-field';
import type { ListChange } from '@/lib/use-list-params';
import type { DepartmentChoice } from './knowledge-access';
import type { DocumentKind, RepositoryFilter, RepositoryView } from './repository-params';

const VIEWS: RepositoryView[] = ['documents', 'bin'];

/** Documents or the recycle bin; both keep the other filters. */
export function RepositoryViews({
  view,
  onChange,
}: {
  view: RepositoryView;
  onChange: (change: ListChange<RepositoryFilter>) => void;
}) {
  const { t } = useTranslation('knowledge');
  return (
    <nav aria-label={t('repository.views')}>
      {/* CNav marks its list role=navigation; the <nav> already is one, so keep the list a list. */}
      <CNav variant="tabs" role="list">
        {VIEWS.map((v) => (
          <CNavItem key={v}>
            <CNavLink
              as="button"
              type="button"
              active={view === v}
              aria-current={view === v ? 'page' : undefined}
              onClick={() => onChange({ filters: { view: v === 'bin' ? 'bin' : '' } })}
            >
              {t(`repository.view.${v}`)}
            </CNavLink>
          </CNavItem>
        ))}
      </CNav>
    </nav>
  );
}

interface RepositoryFiltersProps {
  search: string;
  department: string;
  kind: DocumentKind;
  departments: DepartmentChoice[];
  onChange: (change: ListChange<RepositoryFilter>) => void;
}

/** Search, department, and files / web addresses. */
export function RepositoryFilters(props: RepositoryFiltersProps) {
  const { t } = useTranslation('knowledge');
  const { onChange } = props;
  return (
    <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
      <ListSearch
        value={props.search}
        onSearch={(search) => onChange({ search })}
        label={t('repository.search')}
      />
      <SelectField
        className="mb-0"
        label={t('repository.departmentFilter')}
        value={props.department}
        onChange={(e) => onChange({ filters: { department: e.target.value } })}
      >
        <option value="">{t('repository.allDepartments')}</option>
        {props.departments.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        className="mb-0"
        label={t('repository.kindFilter')}
        value={props.kind}
        onChange={(e) => onChange({ filters: { kind: e.target.value } })}
      >
        <option value="">{t('repository.kind.all')}</option>
        <option value="files">{t('repository.kind.files')}</option>
        <option value="web">{t('repository.kind.web')}</option>
      </SelectField>
    </div>
  );
}
