/** A synchronous English i18next instance with the real resource files, for component tests. */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseOptions, NAMESPACES } from '@/lib/i18n';
import auth from '../../public/locales/en/auth.json';
import chat from '../../public/locales/en/chat.json';
import serviceAgent from '../../public/locales/en/service-agent.json';
import common from '../../public/locales/en/common.json';
import dashboard from '../../public/locales/en/dashboard.json';
import dbSources from '../../public/locales/en/db-sources.json';
import departments from '../../public/locales/en/departments.json';
import errors from '../../public/locales/en/errors.json';
import helpdesk from '../../public/locales/en/helpdesk.json';
import knowledge from '../../public/locales/en/knowledge.json';
import nav from '../../public/locales/en/nav.json';
import profile from '../../public/locales/en/profile.json';
import roles from '../../public/locales/en/roles.json';
import users from '../../public/locales/en/users.json';
import validation from '../../public/locales/en/validation.json';
import apiKeys from '../../public/locales/en/api-keys.json';
import sop from '../../public/locales/en/sop.json';
import emailAgent from '../../public/locales/en/email-agent.json';
import reports from '../../public/locales/en/reports.json';

export function createTestI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...baseOptions,
    lng: 'en',
    ns: [...NAMESPACES],
    initAsync: false,
    resources: {
      en: {
        auth,
        chat,
        'service-agent': serviceAgent,
        common,
        dashboard,
        'db-sources': dbSources,
        departments,
        errors,
        helpdesk,
        knowledge,
        nav,
        profile,
        roles,
        users,
        validation,
        'api-keys': apiKeys,
        sop,
        'email-agent': emailAgent,
        reports,
      },
    },
  });
  return instance;
}
