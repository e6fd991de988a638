// Applies the stored theme before first paint (dark by default, no system option), so there is no
// flash. A file of its own, not inline: the Content-Security-Policy allows no inline script
// (public/_headers, docs/decisions/048-security-headers.md).
(function () {
  var dark = true;
  try {
    dark = localStorage.getItem("theme") !== "light";
  } catch (e) {}
  var root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
})();
