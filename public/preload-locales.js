/*
 * Starts downloading the first screen's code chunks (listed by the build in data-first-screens)
 * and translation files together with the page, instead of
 * after the app's code has loaded and i18next has started (which made a three-step waterfall).
 * The language is detected as src/lib/i18n.ts does (SPEC §2): ?lng, the i18next cookie,
 * localStorage, sessionStorage, else English. i18next later fetches the same URLs and gets
 * these responses. A plain script, not inline: the CSP allows only the site's own scripts.
 */
(function () {
  var self = document.currentScript;
  function preload(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }
  try {
    var screens = JSON.parse((self && self.getAttribute('data-first-screens')) || '{}');
    var chunks = screens[location.pathname.replace(/\/$/, '') || '/dashboard'] || [];
    for (var c = 0; c < chunks.length; c++) preload('modulepreload', chunks[c]);
  } catch {
    // no list (development server): the app loads its chunks itself
  }
  var supported = ['en', 'es', 'fr', 'de', 'ar'];
  function stored(storage) {
    try {
      return window[storage].getItem('i18nextLng');
    } catch {
      return null;
    }
  }
  var cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie);
  var candidates = [
    new URLSearchParams(location.search).get('lng'),
    cookie && decodeURIComponent(cookie[1]),
    stored('localStorage'),
    stored('sessionStorage'),
  ];
  var lng = 'en';
  for (var i = 0; i < candidates.length; i++) {
    var code = candidates[i] && candidates[i].slice(0, 2).toLowerCase();
    if (code && supported.indexOf(code) >= 0) {
      lng = code;
      break;
    }
  }
  var path = location.pathname;
  var authPage = /^\/(login|signup|verify|reset-password)\/?$/.test(path);
  var namespaces = ['common', 'errors', 'validation', authPage ? 'auth' : 'nav'];
  if (/^\/(dashboard)?\/?$/.test(path)) namespaces.push('dashboard');
  for (var n = 0; n < namespaces.length; n++)
    preload('preload', 'locales/' + lng + '/' + namespaces[n] + '.json', 'fetch');
  // Every screen reads the runtime settings before its first API call (src/lib/runtime-config.ts).
  // The sign-in, sign-up and forgotten-password forms make none until the person sends them, so
  // there the preload would go unused (and Chromium warn); with a token or a widget key in the
  // address they call the API at once.
  var query = new URLSearchParams(location.search);
  if (!authPage || query.get('token') || query.get('key'))
    preload('preload', '/runtime-config.json', 'fetch');
})();
