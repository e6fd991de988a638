// The page's blocking first script, a file of its own, not inline: the Content-Security-Policy allows
// no inline script (public/_headers, docs/decisions/048-security-headers.md).
(function () {
  // Applies the stored theme before first paint (dark by default, no system option), so there is no
  // flash.
  var dark = true;
  try {
    dark = localStorage.getItem("theme") !== "light";
  } catch (e) {}
  var root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";

  // Keeps the taps made before the page's other scripts run; src/early-taps.ts answers them.
  window.__jplayTapsBeforeScripts = [];
  document.addEventListener(
    "click",
    function (event) {
      if (window.__jplayTapsBeforeScripts) window.__jplayTapsBeforeScripts.push(event.target);
    },
    true,
  );
})();
