/**
 * How a right reads on screen: "Users · Add", in the reader's language (the `roles` namespace):
 * the role form's matrix, role history and the API key list all say a right in these words.
 */
import { permissionById, type ActionName, type ModuleName } from '@contract/permissions';
import type { Translate } from '@/lib/error-text';

export const moduleLabel = (t: Translate, module: ModuleName) => t(`roles:moduleNames.${module}`);
export const actionLabel = (t: Translate, action: ActionName) => t(`roles:actionNames.${action}`);

export function permissionLabel(t: Translate, id: number): string {
  const def = permissionById(id);
  if (!def) return t('roles:unknownRight', { id });
  return `${moduleLabel(t, def.module_name)} · ${actionLabel(t, def.action)}`;
}
