import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LAUNCHER_AVOID } from "@/lib/launcher-avoid";
import { isModuleMounted } from "@/lib/route-modules";

const LINKS = [
  { to: "/about-us", module: "misc/about-us", key: "footer.about" },
  { to: "/privacy-policy", module: "misc/privacy-policy", key: "footer.privacy" },
  { to: "/terms-of-use", module: "misc/terms-of-use", key: "footer.terms" },
];

export function Footer() {
  const { t } = useTranslation("common");
  return (
    // The end padding keeps the links clear of the floating buttons in the bottom-end corner
    // (scroll-to-top, the test-chat launcher) when the page is scrolled to its end.
    <footer className="flex flex-col items-center justify-between gap-2 py-4 text-[0.9375rem] text-muted-foreground sm:flex-row sm:pe-20">
      <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      <nav className="flex flex-wrap items-center gap-x-5 gap-y-1" {...LAUNCHER_AVOID}>
        {LINKS.filter((l) => isModuleMounted(l.module)).map((l) => (
          <Link key={l.to} to={l.to} className="text-primary hover:underline">
            {t(l.key)}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
