import { Link } from "@/lib/router/link";
import { FacebookIcon, InstagramIcon, LogoMark, XSocialIcon, YouTubeIcon } from "@/components/ui/icons";
import { useI18n } from "@/lib/i18n";

const platformLinks = [
  { to: "/", label: /*i18n*/ "Home" },
  { to: "/#browse", label: /*i18n*/ "Browse" },
  { to: "/distribute", label: /*i18n*/ "Distribute" },
  { to: "/admin", label: /*i18n*/ "Admin" },
];

/** Pages docs/product.md names but nobody has written yet: listed, not linked, so nothing leads nowhere. */
const comingSoon = [
  { title: /*i18n*/ "Resources", items: [/*i18n*/ "FAQ", /*i18n*/ "Support", /*i18n*/ "Blog", /*i18n*/ "Contact"] },
  { title: /*i18n*/ "Legal", items: [/*i18n*/ "Terms", /*i18n*/ "Privacy", /*i18n*/ "Cookies", /*i18n*/ "Licenses"] },
];

const socials = [
  { label: /*i18n*/ "JPlay on X", Icon: XSocialIcon },
  { label: /*i18n*/ "JPlay on Instagram", Icon: InstagramIcon },
  { label: /*i18n*/ "JPlay on YouTube", Icon: YouTubeIcon },
  { label: /*i18n*/ "JPlay on Facebook", Icon: FacebookIcon },
];

export function Footer() {
  const i18n = useI18n();
  return (
    <footer className="border-t border-line bg-surface pb-20">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-lg font-extrabold">
            <LogoMark className="size-7" />
            JPlay
          </p>
          <p className="text-sm text-muted">{i18n._("Independent music for 2.4 million listeners inside.")}</p>
          <ul className="flex gap-3 text-muted" aria-label={i18n._("Social media (profiles coming soon)")}>
            {socials.map(({ label, Icon }) => (
              <li key={label}>
                <span role="img" aria-label={i18n._(label)} title={i18n._(label)}>
                  <Icon className="size-5" />
                </span>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform" className="mb-3 text-sm font-semibold">
            {i18n._("Platform")}
          </h2>
          <ul className="text-sm">
            {platformLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 min-w-11 items-center rounded text-muted hover:text-fg">
                  {i18n._(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {comingSoon.map((group) => (
          <div key={group.title}>
            <h2 className="mb-3 text-sm font-semibold">{i18n._(group.title)}</h2>
            <ul className="space-y-2 text-sm text-muted">
              {group.items.map((item) => (
                <li key={item}>
                  {i18n._(item)} <span className="text-xs">{i18n._("(coming soon)")}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-line py-6 text-center text-sm text-muted">© {new Date().getFullYear()} JPlay</p>
    </footer>
  );
}
