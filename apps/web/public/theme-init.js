// Blocking: the stored theme before first paint; taps kept for src/early-taps.ts (decisions 048, 070).
(function () {
  var dark = true;
  try {
    dark = localStorage.getItem("theme") !== "light";
  } catch (e) {}
  var root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  window.__jplayTapsBeforeScripts = [];
  document.addEventListener(
    "click",
    function (event) {
      if (window.__jplayTapsBeforeScripts) window.__jplayTapsBeforeScripts.push(event.target);
    },
    true,
  );
})();
