import { Button } from "@/components/ui/button";
import { MoonIcon, SunIcon } from "@/components/ui/icons";
import { useI18n } from "@/lib/i18n";
import { useTheme } from "./theme";

export function ThemeToggle() {
  const i18n = useI18n();
  const { theme, toggleTheme } = useTheme();
  const label = theme === "dark" ? i18n._("Switch to light theme") : i18n._("Switch to dark theme");
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={toggleTheme} data-early-tap="theme">
      {theme === "dark" ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
    </Button>
  );
}
