// Applies the stored theme before the app's JavaScript arrives, so someone who chose dark never
// sees a light page while it loads (slow phones). A plain script because the CSP forbids inline
// ones. It mirrors src/lib/theme/theme-atoms.ts (key, words, light by default), which takes over.
(function () {
  var word = null;
  try {
    word = (localStorage.getItem('v2mom-theme') || '').replace(/^"(\w+)"$/, '$1');
  } catch {
    // storage blocked: the default applies
  }
  var dark = word === 'dark' || (word === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
