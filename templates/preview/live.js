// pnp preview --watch: reload the gallery when a rebuild has rewritten it, and show the errors of a bad save.
// The server adds this script to the page as it sends it (pnp/gallery/live.py); the page on disk has none.
(function () {
  "use strict";
  var shown = Number(document.currentScript.dataset.version);
  var box = null;

  function showErrors(errors) {
    if (!errors.length) {
      if (box) { box.remove(); box = null; }
      return;
    }
    if (!box) {
      box = document.createElement("pre");
      box.id = "pnp-errors";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:sticky;top:0;z-index:10;margin:0;padding:12px 24px;white-space:pre-wrap;" +
        "font:13px/1.4 ui-monospace,'DejaVu Sans Mono',monospace;background:#fde8e8;color:#8a1111;" +
        "border-bottom:2px solid #8a1111";
      document.body.prepend(box);
    }
    box.textContent = "Not rebuilt (the last good files are shown):\n\n" + errors.join("\n");
  }

  function ask() {
    fetch("/.pnp/state", { cache: "no-store" })
      .then(function (answer) { return answer.json(); })
      .then(function (state) {
        if (state.version !== shown) {
          location.reload();
          return;
        }
        showErrors(state.errors);
        setTimeout(ask, POLL_MS);
      })
      .catch(function () { setTimeout(ask, 4 * POLL_MS); });   // the watch stopped: ask again, slower
  }

  document.documentElement.dataset.liveVersion = String(shown);
  ask();
})();
