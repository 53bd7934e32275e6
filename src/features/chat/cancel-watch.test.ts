import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_CANCEL_CHECK_MS } from '@contract/constants';
import { watchSending } from './cancel-watch';

afterEach(() => vi.useRealTimers());

describe('cancel watch', () => {
  it('when sending is switched off, then the request is aborted at the next 100 ms check', () => {
    vi.useFakeTimers();
    let sending = true;
    const controller = new AbortController();
    watchSending(() => sending, controller);
    vi.advanceTimersByTime(CHAT_CANCEL_CHECK_MS * 3);
    expect(controller.signal.aborted).toBe(false);
    sending = false;
    vi.advanceTimersByTime(CHAT_CANCEL_CHECK_MS - 1);
    expect(controller.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(controller.signal.aborted).toBe(true);
    expect(CHAT_CANCEL_CHECK_MS).toBe(100);
  });

  it('when the request settles first, then stopping the watch leaves it alone', () => {
    vi.useFakeTimers();
    let sending = true;
    const controller = new AbortController();
    const stop = watchSending(() => sending, controller);
    stop();
    sending = false;
    vi.advanceTimersByTime(1000);
    expect(controller.signal.aborted).toBe(false);
  });
});
