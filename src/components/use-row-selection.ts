/**
 * The rows a person ticked on a list. The selection belongs to the rows on screen: another page,
 * filter or view (a new `listKey`) starts empty, and rows that left the list drop out of it.
 */
import { useMemo, useState, type Key } from 'react';

export function useRowSelection<T>(listKey: string, rows: readonly T[], keyOf: (row: T) => Key) {
  const [selection, setSelection] = useState({ key: listKey, keys: new Set<Key>() });
  const selected = useMemo(() => {
    if (selection.key !== listKey) return new Set<Key>();
    return new Set(rows.map(keyOf).filter((k) => selection.keys.has(k)));
  }, [selection, listKey, rows, keyOf]);

  return {
    selected,
    select(keys: Key[], on: boolean) {
      const next = new Set(selected);
      for (const key of keys)
        if (on) next.add(key);
        else next.delete(key);
      setSelection({ key: listKey, keys: next });
    },
    clear: () => setSelection({ key: listKey, keys: new Set() }),
  };
}
