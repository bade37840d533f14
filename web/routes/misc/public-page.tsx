import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "@/lib/session";
import { Button } from "@/components/ui/button";
import { BrandMark } from "@/features/auth/components/brand-mark";
import { LegalLinks } from "@/components/legal-links";

/** The frame of the public information pages (blank layout): brand bar, content, footer links. */
export function PublicPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation("pages");
  const { isAuthenticated } = useSession();
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <header className="border-b bg-card/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <BrandMark />
          <Button asChild variant={isAuthenticated ? "outline" : "default"} size="sm">
            <Link to={isAuthenticated ? "/" : "/login"}>{isAuthenticated ? t("nav.toApp") : t("nav.login")}</Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">{children}</main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <span>{t("footer.copyright", { year: new Date().getFullYear() })}</span>
          <LegalLinks labels={{ about: t("about.title"), privacy: t("privacy.title"), terms: t("terms.title") }} />
        </div>
      </footer>
    </div>
  );
}

interface Section {
  title: string;
  paragraphs: string[];
}

/** A long legal text from the `pages` namespace: title, date, contents and numbered sections. */
export function LegalDocument({ ns }: { ns: "privacy" | "terms" }) {
  const { t } = useTranslation("pages");
  const sections = t(`${ns}.sections`, { returnObjects: true }) as Section[];
  const list = Array.isArray(sections) ? sections : [];
  return (
    <PublicPage>
      <article className="grid gap-8 lg:grid-cols-[220px_minmax(0,1fr)]">
        <nav aria-label={t("contents")} className="hidden lg:block">
          <div className="sticky top-6 space-y-2">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("contents")}</p>
            <ol className="space-y-1.5 text-sm">
              {list.map((s, i) => (
                <li key={i}>
                  <a href={`#section-${i + 1}`} className="text-muted-foreground hover:text-primary">
                    {i + 1}. {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="rounded-md bg-card p-6 shadow-card bordered:border bordered:border-border sm:p-10">
          <h1 className="text-3xl font-semibold text-heading">{t(`${ns}.title`)}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{t(`${ns}.updated`)}</p>
          <p className="mt-6 leading-relaxed">{t(`${ns}.intro`)}</p>
          {list.map((s, i) => (
            <section key={i} id={`section-${i + 1}`} className="mt-8 scroll-mt-16">
              <h2 className="text-lg font-semibold text-heading">
                {i + 1}. {s.title}
              </h2>
              {s.paragraphs.map((p, j) => (
                <p key={j} className="mt-3 leading-relaxed text-foreground/90">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </div>
      </article>
    </PublicPage>
  );
}
