/**
 * The sidebar as data (DESIGN: a typed nav registry, CoreUI's `_nav` idea with types). Each entry
 * is named by a contract MenuKey; contract/menu.ts decides which are visible.
 */
import {
  cilBook,
  cilChartPie,
  cilCloudUpload,
  cilEnvelopeClosed,
  cilFolderOpen,
  cilLifeRing,
  cilPeople,
  cilPuzzle,
  cilSpeedometer,
  cilUser,
  cilDescription,
} from '@coreui/icons';
import type { MenuKey } from '@contract/menu';
import { paths } from '../paths';

export type NavIcon = string[];

interface NavBase {
  key: MenuKey;
  /** i18n key of the label, in the nav namespace. */
  labelKey: string;
  icon?: NavIcon;
}

export type NavEntry =
  | (NavBase & { kind: 'link'; to: string; trialVariant?: { labelKey: string; to: string } })
  | (NavBase & { kind: 'group'; children: NavEntry[] })
  /** The e-mail accounts group: its children come from GET /email-agent. */
  | (NavBase & { kind: 'email' })
  /** Opens the external helpdesk site in a new tab with the access token. */
  | (NavBase & { kind: 'helpdesk' });

export const navRegistry: NavEntry[] = [
  {
    kind: 'link',
    key: 'dashboard',
    to: paths.dashboard,
    labelKey: 'dashboard',
    icon: cilSpeedometer,
  },
  { kind: 'link', key: 'profile', to: paths.profile, labelKey: 'profile', icon: cilUser },
  {
    kind: 'group',
    key: 'userManagement',
    labelKey: 'userManagement',
    icon: cilPeople,
    children: [
      { kind: 'link', key: 'users', to: paths.users.index, labelKey: 'users' },
      { kind: 'link', key: 'department', to: paths.department.index, labelKey: 'department' },
      { kind: 'link', key: 'roles', to: paths.roles.index, labelKey: 'roles' },
    ],
  },
  { kind: 'email', key: 'email', labelKey: 'email', icon: cilEnvelopeClosed },
  {
    kind: 'group',
    key: 'content',
    labelKey: 'content',
    icon: cilFolderOpen,
    children: [
      { kind: 'link', key: 'upload', to: paths.upload, labelKey: 'upload', icon: cilCloudUpload },
      {
        kind: 'link',
        key: 'repository',
        to: paths.repository,
        labelKey: 'repository',
        icon: cilDescription,
      },
    ],
  },
  {
    kind: 'link',
    key: 'sopRepository',
    to: paths.sop.index,
    labelKey: 'sopRepository',
    icon: cilBook,
  },
  {
    kind: 'link',
    key: 'integrations',
    to: paths.integration.index,
    labelKey: 'integrations',
    icon: cilPuzzle,
    trialVariant: { labelKey: 'chatbot', to: paths.integration.chatbot.index },
  },
  { kind: 'helpdesk', key: 'helpdesk', labelKey: 'helpdesk', icon: cilLifeRing },
  {
    kind: 'group',
    key: 'reports',
    labelKey: 'reports',
    icon: cilChartPie,
    children: [
      { kind: 'link', key: 'analytics', to: paths.analytics, labelKey: 'analytics' },
      { kind: 'link', key: 'sentiment', to: paths.sentimentAnalytics, labelKey: 'sentiment' },
    ],
  },
];

/** The entries this person sees, with the Trial rename applied (SPEC §2, §6). */
export function visibleNav(
  entries: readonly NavEntry[],
  visible: ReadonlySet<MenuKey>,
  chatbot: boolean,
): NavEntry[] {
  const out: NavEntry[] = [];
  for (const entry of entries) {
    if (!visible.has(entry.key)) continue;
    if (entry.kind === 'group') {
      const children = visibleNav(entry.children, visible, chatbot);
      if (children.length) out.push({ ...entry, children });
    } else if (entry.kind === 'link' && chatbot && entry.trialVariant) {
      out.push({ ...entry, ...entry.trialVariant });
    } else out.push(entry);
  }
  return out;
}
