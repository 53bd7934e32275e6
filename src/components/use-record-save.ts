/**
 * Saving a record from its form: POST when it is new, PUT of the changes when it has an id, a
 * success toast with the saved record's text; a refusal is thrown for the form to show.
 */
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';

/** An RTK Query mutation, as its hook returns it. */
type Mutation<A, R> = readonly [(arg: A) => { unwrap: () => Promise<R> }, { isLoading: boolean }];

export function useRecordSave<C, U, R>(
  [create, creating]: Mutation<C, R>,
  [update, updating]: Mutation<{ id: number; body: U }, R>,
) {
  const dispatch = useLibDispatch();
  return {
    busy: creating.isLoading || updating.isLoading,
    async save(
      id: number | undefined,
      bodies: { create: C; update: U },
      done: (saved: R) => string,
    ): Promise<R> {
      const saved =
        id === undefined
          ? await create(bodies.create).unwrap()
          : await update({ id, body: bodies.update }).unwrap();
      dispatch(toastAdded({ message: done(saved), color: 'success' }));
      return saved;
    },
  };
}
