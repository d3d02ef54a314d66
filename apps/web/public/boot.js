// Starts the app on a server-rendered page after its first paint: on a slow network the page's HTML, styles and
// pictures get the bandwidth first, and the JavaScript (which only hydrates what is already shown) follows.
// The server writes the entry and its chunks into this tag's data attributes (apps/api/src/web/server-render.ts).
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var chunks = (tag.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  function start() {
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
