// Loads the site's code once the browser has painted a prerendered page (apps/web/scripts/prerender.ts
// puts this script in place of the module script): the page's first paint never waits for, or shares
// the network with, the JavaScript that hydrates it. A file, not inline code: the CSP runs only the
// site's own scripts. A hidden tab, which doesn't paint, loads it after a second.
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute("data-entry");
  if (!entry) return;
  const preloads = (script.getAttribute("data-preload") ?? "").split(" ").filter(Boolean);
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const module = document.createElement("script");
    module.type = "module";
    module.crossOrigin = "";
    module.src = entry;
    document.head.append(module);
  };
  // "Painted" is the browser's own first-contentful-paint entry; without one, the next frame.
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(load, 0);
    });
    observer.observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(load, 0));
  }
  setTimeout(load, 1000);
})();
