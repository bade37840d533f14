import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isModuleMounted } from "@/lib/route-modules";

const LINKS = [
  { to: "/about-us", module: "misc/about-us", key: "footer.about" },
  { to: "/privacy-policy", module: "misc/privacy-policy", key: "footer.privacy" },
  { to: "/terms-of-use", module: "misc/terms-of-use", key: "footer.terms" },
];

export function Footer() {
  const { t } = useTranslation("common");
  return (
    // Room for the floating buttons of the bottom-end corner (scroll-to-top, the test-chat
    // launcher above it): beside the links on wider screens, below the centred footer on phones,
    // so at the end of a page they cover nothing.
    <footer className="flex flex-col items-center justify-between gap-2 pt-4 pb-36 text-[0.9375rem] text-muted-foreground sm:flex-row sm:pe-20 sm:pb-4">
      <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      <nav className="flex flex-wrap items-center justify-center gap-x-5 gap-y-1">
        {LINKS.filter((l) => isModuleMounted(l.module)).map((l) => (
          <Link key={l.to} to={l.to} className="text-primary hover:underline">
            {t(l.key)}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
