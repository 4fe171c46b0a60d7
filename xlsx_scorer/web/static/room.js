// The room page refreshes itself: every data-refresh seconds it asks the server for the page
// again and puts the new standings and tables in place (no reload, no flicker on a projector).
"use strict";
(() => {
  const seconds = Number(document.body.dataset.refresh || 15);
  async function refresh() {
    try {
      const answer = await fetch(location.href, { cache: "no-store" });
      if (answer.ok) {
        const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
        const main = fresh.querySelector("main");
        if (main) document.querySelector("main").replaceWith(main);
      }
    } catch {
      // the laptop is restarting: the next refresh tries again
    }
    setTimeout(refresh, seconds * 1000);
  }
  setTimeout(refresh, seconds * 1000);
})();
