import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from './cookie-jar';

const later = () => new Date(Date.now() + 60_000);

describe('cookie jar', () => {
  it('when a value with base64 and separator characters is set, then it reads back the same, here and with js-cookie', () => {
    const value = 'aGk+/w==; x=1, %';
    setCookie('jar', value, { path: '/', expires: later(), sameSite: 'lax' });
    expect(getCookie('jar')).toBe(value);
    expect(Cookies.get('jar')).toBe(value);
  });

  it('when js-cookie wrote the cookie, then it reads back the same', () => {
    Cookies.set('older', 'YWJj+/=', { path: '/' });
    expect(getCookie('older')).toBe('YWJj+/=');
  });

  it('when a cookie is removed, then it is gone and other cookies stay', () => {
    setCookie('gone', 'a', { path: '/', expires: later(), sameSite: 'lax' });
    setCookie('kept', 'b', { path: '/', expires: later(), sameSite: 'lax' });
    removeCookie('gone');
    expect(getCookie('gone')).toBeUndefined();
    expect(getCookie('kept')).toBe('b');
  });

  it('when a name is only the prefix of a cookie, then nothing is read', () => {
    setCookie('tokenExpiry', 'x', { path: '/', expires: later(), sameSite: 'lax' });
    expect(getCookie('token')).toBeUndefined();
  });
});
