// Starts the app on a server-rendered page after its first paint: on a slow network the page's HTML, styles and
// pictures get the bandwidth first, and the JavaScript (which only hydrates what is already shown) follows.
// The server writes the entry, its chunks and the whole stylesheet into this tag's data attributes
// (apps/api/src/web/server-render.ts): the page itself holds only the rules its first screen uses.
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var css = tag.getAttribute('data-css');
  var chunks = (tag.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  function startApp() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  function start() {
    // Inserted together: one by one, the links cost a slowed phone a long task of their own.
    var links = document.createDocumentFragment();
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.appendChild(link);
    });
    document.head.appendChild(links);
    if (!css) return startApp();
    // The scripts download meanwhile (modulepreload); the app runs once every screen's styles are in, so nothing
    // it draws next (the splash, another screen) shows unstyled. A stylesheet that fails does not stop the shop.
    var sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = css;
    sheet.addEventListener('load', startApp);
    sheet.addEventListener('error', startApp);
    document.head.appendChild(sheet);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
