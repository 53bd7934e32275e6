/*
 * Atrium's chat widget embed script (issue 13), served at /widget.js. A website owner pastes
 *   <script src="https://<atrium>/widget.js" data-key="<client_id>" data-fg="#ffffff"
 *           data-bg="#321fdb" async></script>
 * and gets a launcher button in the widget's colours that opens Atrium's /chat?key=…&host=…&page=…
 * in an iframe (sized for desktop, full screen up to 480 px wide). Optional: data-label (the
 * button's name), data-lang (the chat's language; else the page's <html lang>).
 *
 * It needs no framework and leaves the page's styles alone: everything lives in the shadow
 * root of one <atrium-chat-widget> element, styled through the CSSOM (no <style>, no style
 * attribute, so a strict page CSP allows it).
 *
 * Before it draws anything it asks Atrium whether this page may show the chat
 * (GET /widget-check?key=…, answered from the page's Origin against the widget's allowed hosts:
 * the same decision as the frame's frame-ancestors). Where the answer is no, or no answer comes
 * (offline; a page CSP without Atrium in connect-src), the page shows nothing — no launcher that
 * would open a frame the browser refuses — and says why in one console.info line. That one small
 * request is all that is fetched before the button is pressed.
 *
 * The frame runs on Atrium's origin, where browsers keep no cookies or storage for it inside
 * another site; this script keeps the visitor's session for it in the page's localStorage, under
 * the widget's key and with the session's expiry, so a reload or another tab of the same site
 * continues the conversation until the session ends (2 hours), as other sites' chat widgets do.
 * Messages go only to that frame at Atrium's origin and are taken only from it:
 * { atrium: 'widget', key, type: 'session' | 'session-request' | 'forget' | 'close', session? }
 * (src/lib/widget-frame.ts is the frame's side).
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var key = script && script.getAttribute('data-key');
  if (!key || !script.src) return;
  var hostId = 'atrium-chat-' + key;
  // Pasted twice: the first copy draws (it is still asking when the second one runs).
  var claimed = (window.__atriumChatWidgets = window.__atriumChatWidgets || {});
  if (claimed[key] || document.getElementById(hostId)) return;
  claimed[key] = true;
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

  // The visitor's session, shared by the site's tabs until it expires.
  function kept() {
    try {
      var session = JSON.parse(localStorage.getItem(storeKey) || 'null');
      if (session && Date.parse(session.expires_at) > Date.now()) return session;
      if (session) localStorage.removeItem(storeKey); // ended: no tab hands it on any more
      return null;
    } catch {
      return null;
    }
  }
  function keep(session) {
    try {
      if (session) localStorage.setItem(storeKey, JSON.stringify(session));
      else localStorage.removeItem(storeKey);
    } catch {
      // no storage on this page: the visitor signs in again after a reload
    }
  }

  // Whether this page may show the chat; `draw` runs only on a yes.
  function whenAllowed(draw) {
    var url = base + '/widget-check?key=' + encodeURIComponent(key);
    var not = 'Atrium chat widget not shown: ';
    fetch(url, { credentials: 'omit', cache: 'no-store' })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(
        function (answer) {
          if (answer && answer.allowed === true) draw();
          else if (answer) console.info(not + location.origin + ' is not among its allowed hosts.');
          else console.info(not + base + ' did not say whether this site may show it.');
        },
        function () {
          console.info(
            not +
              'could not reach ' +
              base +
              " (offline, or not in the connect-src of this page's Content-Security-Policy).",
          );
        },
      );
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
          // The page, for a helpdesk ticket: its path only (a query may hold someone's tokens).
          '&page=' +
          encodeURIComponent(location.origin + location.pathname) +
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

  whenAllowed(function () {
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  });
})();
