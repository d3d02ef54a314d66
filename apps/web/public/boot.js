// Starts the app on a server-rendered page when the shopper first acts on it. The page arrives whole from the server
// (its HTML, the rules its first screen uses, its pictures), its links work as plain links, and a visitor reading or
// scrolling needs no script: a cheap phone spends nothing on running the app until she taps, types or presses a key.
// Once the page has loaded, the scripts and the whole stylesheet download (without running), so the app is ready
// to start when she does. Her first tap is not lost: a click or a form sent before the app is live is held and given to
// the app once it is, and what she typed meanwhile is handed to it as typed. A visitor whose cart is kept in this
// browser starts the app at once (the header's count and the cart come from it).
// The server writes the entry, its chunks and the whole stylesheet into this tag's data attributes
// (apps/api/src/web/server-render.ts): the page itself holds only the rules its first screen uses.
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var css = tag.getAttribute('data-css');
  var chunks = (tag.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  var root = document.getElementById('root');
  var page = document.documentElement;
  var INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin'];
  var fetched = false;
  var started = false;
  var held = []; // clicks and forms sent before the app was live, in order
  var typed = []; // fields typed into before the app was live

  function link(rel, href, as) {
    var element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    if (as) element.as = as;
    if (rel === 'modulepreload') element.crossOrigin = '';
    return element;
  }

  function whenIdle(callback) {
    if (window.requestIdleCallback) requestIdleCallback(callback, { timeout: 2000 });
    else setTimeout(callback, 0);
  }

  // Downloads the scripts and the stylesheet into the browser's cache without running or applying them (applying the
  // stylesheet would make the phone restyle the page it shows for rules of screens it does not show). Plain fetches,
  // once the page has loaded and the browser is idle: no element to add, nothing to compile until the app starts.
  function fetchAhead() {
    if (fetched) return;
    fetched = true;
    var files = [entry].concat(chunks, css ? [css] : []);
    // One file per idle moment: a slowed phone's main thread is never held for long.
    (function next() {
      var href = files.shift();
      if (!href || started) return;
      fetch(href, { credentials: 'same-origin', priority: 'low' }).catch(function () {
        // Fetched again when the app starts.
      });
      whenIdle(next);
    })();
  }

  function runApp() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }

  // A press on (or the focus a press gives) a plain link leads to another page the server renders: no need to start the app for this one.
  function intent(event) {
    var target = event.target;
    if (event.type !== 'keydown' && target && target.closest && target.closest('a[href]')) return;
    start();
  }

  function start() {
    if (started) return;
    started = true;
    INTENT.forEach(function (type) {
      window.removeEventListener(type, intent, true);
    });
    // The app's chunks, fetched together (from the cache when fetched ahead) rather than one import after another.
    var links = document.createDocumentFragment();
    chunks.forEach(function (href) {
      links.appendChild(link('modulepreload', href));
    });
    document.head.appendChild(links);
    if (!css) return runApp();
    // The app runs once every screen's styles are in, so nothing it draws next (the splash, another screen) shows
    // unstyled. A stylesheet that fails does not stop the shop.
    var sheet = link('stylesheet', css);
    sheet.addEventListener('load', runApp);
    sheet.addEventListener('error', runApp);
    document.head.appendChild(sheet);
  }

  function live() {
    return page.getAttribute('data-ready') === 'true';
  }

  function inApp(target) {
    return target && target.nodeType === 1 && root && root.contains(target);
  }

  // A click on a control (not a plain link: that one works without the app) or a form sent before the app is live.
  function hold(event) {
    if (live()) return;
    var target = event.target;
    var control =
      event.type === 'submit'
        ? target
        : target &&
          target.closest &&
          target.closest('button, [role="button"], input[type="submit"], label, summary');
    if (!inApp(control)) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.indexOf(control) < 0) held.push(control);
    start();
  }

  function noteTyping(event) {
    if (!live() && inApp(event.target) && typed.indexOf(event.target) < 0) typed.push(event.target);
  }

  // What the shopper typed, given to the app as if typed now: the field's value is set back to the one the app knows
  // and then to hers, and an input event tells the app (React reads a change only from a value it did not set).
  function handOverTyping() {
    typed.forEach(function (field) {
      var value = field.value;
      if (!field.isConnected || value === field.defaultValue) return;
      var proto = Object.getPrototypeOf(field);
      var setter = Object.getOwnPropertyDescriptor(proto, 'value').set;
      field.value = value === '' ? ' ' : '';
      setter.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    typed = [];
  }

  // Whether React has attached the app to this element yet. The page is live once its screen is, but a part that
  // loads on its own (the cart's buttons) attaches a moment later; React marks each element it attaches with its
  // props (a property named __reactProps$..., the same since React 17).
  function attached(element) {
    for (var key in element) if (key.indexOf('__reactProps$') === 0) return true;
    return false;
  }

  // Each held click or form, in order, once the app has attached to it (or after a few seconds, whatever happens).
  function handOverHeld(since) {
    var control = held[0];
    if (!control) return;
    if (control.isConnected && !attached(control) && Date.now() - since < 5000) {
      setTimeout(function () {
        handOverHeld(since);
      }, 16);
      return;
    }
    held.shift();
    if (control.isConnected) {
      if (control.tagName === 'FORM') control.requestSubmit();
      else control.click();
    }
    handOverHeld(Date.now());
  }

  function handOver() {
    window.removeEventListener('click', hold, true);
    window.removeEventListener('submit', hold, true);
    window.removeEventListener('input', noteTyping, true);
    handOverTyping();
    handOverHeld(Date.now());
  }

  // The cookie the app keeps while this browser holds a cart (features/cart/guest-cart.ts): cheap to read, where the
  // first read of the browser's storage waits on the disk, a long task on a slow phone.
  function hasCart() {
    return /(?:^|;\s*)urembo_cart=1(?:;|$)/.test(document.cookie);
  }

  INTENT.forEach(function (type) {
    window.addEventListener(type, intent, { capture: true, passive: true });
  });
  window.addEventListener('click', hold, true);
  window.addEventListener('submit', hold, true);
  window.addEventListener('input', noteTyping, true);
  new MutationObserver(function (changes, observer) {
    if (!live()) return;
    observer.disconnect();
    handOver();
  }).observe(page, { attributes: true, attributeFilter: ['data-ready'] });

  if (hasCart()) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  } else if (document.readyState === 'complete') {
    whenIdle(fetchAhead);
  } else {
    window.addEventListener('load', function () {
      whenIdle(fetchAhead);
    });
  }
})();
