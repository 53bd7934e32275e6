/**
 * The conversation's messages take the height the screen has left, so the question box and its
 * Send button stay on screen without scrolling the page (at 1366×768 a chart pushed them below
 * the fold when the list took a fixed 60% of the height). The list scrolls instead; it keeps at
 * least MIN_HEIGHT, so on a very short screen the page scrolls rather than the list vanishing.
 */
import { type RefObject, useLayoutEffect } from 'react';

const MIN_HEIGHT = 192;
/** Air under the composer, as between the page's other blocks. */
const MARGIN = 16;

export function useComposerInView(listRef: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const list = listRef.current;
    const main = list?.parentElement;
    if (!list || !main) return;
    const fit = () => {
      const box = list.getBoundingClientRect();
      // What stands under the list in its column: suggested questions and the composer.
      const below = main.getBoundingClientRect().bottom - box.bottom;
      const room = window.innerHeight - (box.top + window.scrollY) - below - MARGIN;
      list.style.maxHeight = `${Math.max(Math.floor(room), MIN_HEIGHT)}px`;
    };
    fit();
    // The column changes height as answers, charts and suggestions come; the window as it turns.
    // (Test renderers have no ResizeObserver; every browser the console supports has one.)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(main);
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [listRef]);
}
