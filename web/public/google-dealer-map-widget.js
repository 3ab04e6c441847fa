/*
 * Dealer locator widget: the embed code loads it from the portal's own origin. No framework, no inline code or
 * styles of its own (it works on a page with a strict Content-Security-Policy that allows this origin in
 * script-src and frame-src). It draws the portal's dealer locator in a frame, configured by the script tag's
 * data attributes:
 *   data-target    id of the element to draw in (else a new element just before the script)
 *   data-api-base  the portal's origin (else the script's own)
 *   data-width     CSS width (default 100%); data-height CSS height (default 500px)
 *   data-settings  the map settings as JSON (categories, popup style, markers, zoom)
 *   data-key       a maps-service key (unused by the offline map)
 */
(() => {
  var script = document.currentScript;
  if (!script || script.getAttribute('data-loaded') === 'true') return;
  script.setAttribute('data-loaded', 'true');

  var data = script.dataset || {};
  var LENGTH = /^\d+(\.\d+)?(px|%|vh|vw|em|rem)?$/;

  function size(value, fallback) {
    var text = String(value || '')
      .trim()
      .toLowerCase();
    if (!LENGTH.test(text)) return fallback;
    return /^\d+(\.\d+)?$/.test(text) ? text + 'px' : text;
  }

  function originOf(value) {
    var url = null;
    try {
      url = new URL(value || script.src, script.src);
    } catch {
      return null;
    }
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  }

  var origin = originOf(data.apiBase) || originOf(script.src);
  if (!origin) return;

  var target = data.target ? document.getElementById(data.target) : null;
  if (!target) {
    target = document.createElement('div');
    script.parentNode.insertBefore(target, script);
  }

  var settings = '';
  if (data.settings) {
    try {
      settings = '#config=' + encodeURIComponent(JSON.stringify(JSON.parse(data.settings)));
    } catch {
      settings = '';
    }
  }

  var frame = document.createElement('iframe');
  frame.src = origin + '/?view=dealer-locator&embed=1' + settings;
  frame.title = data.title || 'Dealer locator';
  frame.setAttribute('allow', 'geolocation');
  frame.setAttribute('loading', 'lazy');
  frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  frame.style.display = 'block';
  frame.style.border = '0';
  frame.style.width = size(data.width, '100%');
  frame.style.maxWidth = '100%';
  frame.style.height = size(data.height, '500px');
  target.appendChild(frame);
})();
