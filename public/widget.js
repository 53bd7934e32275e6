/*
 * Atrium's chat widget embed script (issue 13), served at /widget.js. A website owner pastes
 *   <script src="https://<atrium>/widget.js" data-key="<client_id>" data-fg="#ffffff"
 *           data-bg="#321fdb" async></script>
 * and gets a launcher button in the widget's colours that opens Atrium's /chat?key=…&host=…
 * in an iframe (sized for desktop, full screen up to 480 px wide). Optional: data-label (the
 * button's name), data-lang (the chat's language; else the page's <html lang>).
 *
 * It needs no framework and leaves the page's styles alone: everything lives in the shadow
 * root of one <atrium-chat-widget> element, styled through the CSSOM (no <style>, no style
 * attribute, so a strict page CSP allows it). Nothing is fetched before the button is pressed.
 *
 * The frame runs on Atrium's origin, where browsers keep no cookies or storage for it inside
 * another site; this script keeps the visitor's session for it in the page's sessionStorage, so
 * a reload continues the conversation. Messages go only to that frame at Atrium's origin and
 * are taken only from it: { atrium: 'widget', key, type: 'session' | 'session-request' |
 * 'forget' | 'close', session? } (src/lib/widget-frame.ts is the frame's side).
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var key = script && script.getAttribute('data-key');
  if (!key || !script.src) return;
  var hostId = 'atrium-chat-' + key;
  if (document.getElementById(hostId)) return; // pasted twice
  var base = new URL(script.src, location.href).origin;
  var hex = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
  function colour(name, fallback) {
    var value = (script.getAttribute(name) || '').trim();
    return hex.test(value) ? value : fallback;
  }
  var fg = colour('data-fg', '#ffffff');
  var bg = colour('data-bg', '#321fdb');
  var label = script.getAttribute('data-label') || 'Chat';
  var lang = script.getAttribute('data-lang') || document.documentElement.lang || '';
  var storeKey = 'atrium-widget:' + key;
  var SVG = 'http://www.w3.org/2000/svg';
  var CHAT_ICON = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z';
  var CLOSE_ICON = 'M6 6l12 12M18 6L6 18';

  function css(element, rules) {
    for (var name in rules) element.style.setProperty(name, rules[name]);
    return element;
  }

  function kept() {
    try {
      var session = JSON.parse(sessionStorage.getItem(storeKey) || 'null');
      return session && Date.parse(session.expires_at) > Date.now() ? session : null;
    } catch {
      return null;
    }
  }
  function keep(session) {
    try {
      if (session) sessionStorage.setItem(storeKey, JSON.stringify(session));
      else sessionStorage.removeItem(storeKey);
    } catch {
      // no storage on this page: the visitor signs in again after a reload
    }
  }

  function start() {
    var host = css(document.createElement('atrium-chat-widget'), {
      all: 'initial',
      position: 'fixed',
      right: '0',
      bottom: '0',
      width: '0',
      height: '0',
      'z-index': '2147483000',
    });
    host.id = hostId;
    var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
    var small = window.matchMedia('(max-width: 480px)');
    var open = false;
    var frame = null;

    var button = css(document.createElement('button'), {
      position: 'fixed',
      right: '20px',
      bottom: '20px',
      width: '56px',
      height: '56px',
      margin: '0',
      padding: '0',
      border: '0',
      'border-radius': '50%',
      background: bg,
      color: fg,
      cursor: 'pointer',
      display: 'flex',
      'align-items': 'center',
      'justify-content': 'center',
      'box-shadow': '0 4px 16px rgba(0,0,0,.25)',
    });
    button.type = 'button';
    button.setAttribute('aria-label', label);
    button.setAttribute('aria-expanded', 'false');
    var icon = document.createElementNS(SVG, 'svg');
    icon.setAttribute('viewBox', '0 0 24 24');
    icon.setAttribute('width', '26');
    icon.setAttribute('height', '26');
    icon.setAttribute('aria-hidden', 'true');
    var path = document.createElementNS(SVG, 'path');
    icon.appendChild(path);
    button.appendChild(icon);

    var panel = css(document.createElement('div'), {
      position: 'fixed',
      display: 'none',
      overflow: 'hidden',
      background: '#fff',
      'box-shadow': '0 8px 32px rgba(0,0,0,.28)',
    });

    function drawIcon() {
      path.setAttribute('d', open ? CLOSE_ICON : CHAT_ICON);
      path.setAttribute('fill', open ? 'none' : 'currentColor');
      path.setAttribute('stroke', open ? 'currentColor' : 'none');
      path.setAttribute('stroke-width', '2.5');
      path.setAttribute('stroke-linecap', 'round');
    }

    function layout() {
      var full = small.matches;
      css(panel, {
        display: open ? 'block' : 'none',
        right: full ? '0' : '20px',
        bottom: full ? '0' : '88px',
        width: full ? '100vw' : '380px',
        height: full ? '100%' : '600px',
        'max-width': full ? 'none' : 'calc(100vw - 40px)',
        'max-height': full ? 'none' : 'calc(100vh - 108px)',
        'border-radius': full ? '0' : '12px',
      });
      // Full screen, the chat's own header closes it; the button would cover its Send button.
      css(button, { display: open && full ? 'none' : 'flex' });
      button.setAttribute('aria-expanded', String(open));
      drawIcon();
    }

    function tell(message) {
      message.atrium = 'widget';
      message.key = key;
      if (frame && frame.contentWindow) frame.contentWindow.postMessage(message, base);
    }

    function toggle(wanted) {
      open = wanted;
      if (open && !frame) {
        var src =
          base +
          '/chat?key=' +
          encodeURIComponent(key) +
          '&host=' +
          encodeURIComponent(location.origin) +
          (lang ? '&lng=' + encodeURIComponent(lang) : '');
        frame = css(document.createElement('iframe'), {
          width: '100%',
          height: '100%',
          border: '0',
          display: 'block',
        });
        frame.title = label;
        frame.src = src;
        panel.appendChild(frame);
      }
      layout();
      if (open) frame.focus();
      else button.focus();
    }

    window.addEventListener('message', function (event) {
      var data = event.data;
      if (!frame || event.source !== frame.contentWindow || event.origin !== base) return;
      if (!data || data.atrium !== 'widget' || data.key !== key) return;
      if (data.type === 'session-request') tell({ type: 'session', session: kept() });
      else if (data.type === 'session' && data.session) keep(data.session);
      else if (data.type === 'forget') keep(null);
      else if (data.type === 'close') toggle(false);
    });
    button.addEventListener('click', function () {
      toggle(!open);
    });
    if (small.addEventListener) small.addEventListener('change', layout);
    layout();
    root.appendChild(panel);
    root.appendChild(button);
    document.body.appendChild(host);
  }

  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
