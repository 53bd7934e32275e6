import { describe, expect, it } from 'vitest';
import { notifyReducer, toastAdded, TOASTS_SHOWN_AT_MOST } from './notify-slice';

const shown = (messages: string[]) =>
  messages
    .reduce(
      (state, message) => notifyReducer(state, toastAdded({ message, color: 'success' })),
      notifyReducer(undefined, { type: 'start' }),
    )
    .toasts.map((t) => t.message);

describe('toasts on screen', () => {
  it('when a fourth toast arrives while three show, then the oldest goes and the three newest stay', () => {
    expect(TOASTS_SHOWN_AT_MOST).toBe(3);
    expect(shown(['Saved A.', 'Saved B.', 'Saved C.', 'Saved D.'])).toEqual([
      'Saved B.',
      'Saved C.',
      'Saved D.',
    ]);
  });

  it('when the same words come again, then they replace the earlier toast instead of stacking', () => {
    expect(shown(['Profile saved.', 'Key copied.', 'Profile saved.'])).toEqual([
      'Key copied.',
      'Profile saved.',
    ]);
  });

  it('when the same words come in another colour, then both show', () => {
    const state = [
      toastAdded({ message: 'Sync finished.', color: 'success' }),
      toastAdded({ message: 'Sync finished.', color: 'warning' }),
    ].reduce(notifyReducer, notifyReducer(undefined, { type: 'start' }));
    expect(state.toasts.map((t) => t.color)).toEqual(['success', 'warning']);
  });
});
