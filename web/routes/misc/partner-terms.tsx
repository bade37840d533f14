import { useTranslation } from "react-i18next";
import { PublicPage } from "./public-page";

export const handle = { titleKey: "partners:terms.title" };

interface Section {
  title: string;
  paragraphs: string[];
}

/** /partner-terms: the partner programme's terms, which an application agrees to. */
export default function PartnerTermsPage() {
  const { t } = useTranslation("partners");
  const sections = t("terms.sections", { returnObjects: true }) as Section[];
  return (
    <PublicPage>
      <article className="rounded-md bg-card p-6 shadow-card bordered:border bordered:border-border sm:p-10">
        <h1 className="text-3xl font-semibold text-heading">{t("terms.title")}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t("terms.updated")}</p>
        <p className="mt-6 leading-relaxed">{t("terms.intro")}</p>
        {(Array.isArray(sections) ? sections : []).map((s, i) => (
          <section key={i} className="mt-8">
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
      </article>
    </PublicPage>
  );
}
