/**
 * The sidebar as data (DESIGN: a typed nav registry, CoreUI's `_nav` idea with types), derived
 * from the screen table. Each entry is named by a contract MenuKey; contract/menu.ts decides
 * which are visible.
 */
import {
  cilBook,
  cilChartPie,
  cilChatBubble,
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
import { MENU, type MenuKey } from '@contract/menu';
import { paths, screenList } from '../screens';

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

const icons: Partial<Record<MenuKey, NavIcon>> = {
  dashboard: cilSpeedometer,
  assistant: cilChatBubble,
  profile: cilUser,
  userManagement: cilPeople,
  email: cilEnvelopeClosed,
  content: cilFolderOpen,
  upload: cilCloudUpload,
  repository: cilDescription,
  sopRepository: cilBook,
  integrations: cilPuzzle,
  helpdesk: cilLifeRing,
  reports: cilChartPie,
};

/** Items that are no screen of the table: the e-mail accounts group and the helpdesk site. */
const special: Partial<Record<MenuKey, NavEntry>> = {
  email: { kind: 'email', key: 'email', labelKey: 'email', icon: icons.email },
  helpdesk: { kind: 'helpdesk', key: 'helpdesk', labelKey: 'helpdesk', icon: icons.helpdesk },
};

function linkOf(key: MenuKey): NavEntry | undefined {
  const screen = screenList.find((s) => s.menu?.key === key);
  if (!screen?.menu) return special[key];
  const variant = screen.menu.trialVariant;
  return {
    kind: 'link',
    key,
    to: screen.path,
    labelKey: key,
    icon: icons[key],
    trialVariant: variant && { labelKey: variant.labelKey, to: paths[variant.screen] },
  };
}

/**
 * The sidebar in contract/menu.ts's order: a group holds its entries, every other entry is the
 * menu item of a screen in the screen table (screens.ts) or a special item.
 */
export const navRegistry: NavEntry[] = (() => {
  const grouped = new Set<string>(MENU.flatMap((e) => ('group' in e ? [...e.group] : [])));
  const entries: NavEntry[] = [];
  for (const entry of MENU) {
    if (grouped.has(entry.key)) continue;
    if ('group' in entry) {
      const children = entry.group.flatMap((k) => linkOf(k as MenuKey) ?? []);
      entries.push({
        kind: 'group',
        key: entry.key,
        labelKey: entry.key,
        icon: icons[entry.key],
        children,
      });
    } else {
      const item = linkOf(entry.key);
      if (item) entries.push(item);
    }
  }
  return entries;
})();

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
