import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Bot, Clock, MessagesSquare, ShieldCheck, Users, Workflow } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/session";
import { PublicPage } from "./public-page";

export const handle = { titleKey: "pages:about.title" };

const FEATURES = [
  { key: "assistants", icon: Bot },
  { key: "inbox", icon: MessagesSquare },
  { key: "team", icon: Users },
  { key: "schedule", icon: Clock },
  { key: "integrations", icon: Workflow },
  { key: "security", icon: ShieldCheck },
] as const;

export default function AboutUsPage() {
  const { t } = useTranslation("pages");
  const { isAuthenticated } = useSession();
  const principles = t("about.principles.items", { returnObjects: true }) as { title: string; text: string }[];
  return (
    <PublicPage>
      <section className="rounded-md bg-linear-to-br from-primary to-primary-darken px-6 py-12 text-white sm:px-12">
        <p className="text-sm font-medium tracking-wide text-white/80 uppercase">{t("about.kicker")}</p>
        <h1 className="mt-2 max-w-2xl text-3xl leading-tight font-semibold sm:text-4xl">{t("about.headline")}</h1>
        <p className="mt-4 max-w-2xl text-white/85">{t("about.lead")}</p>
        <Button asChild variant="secondary" className="mt-8 bg-white text-primary hover:bg-white/90">
          <Link to={isAuthenticated ? "/" : "/register"}>{isAuthenticated ? t("nav.toApp") : t("about.cta")}</Link>
        </Button>
      </section>

      <section className="mt-12">
        <h2 className="text-2xl font-semibold text-heading">{t("about.featuresTitle")}</h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <div key={key} className="rounded-md bg-card p-6 shadow-card bordered:border bordered:border-border">
              <span className="flex size-10 items-center justify-center rounded-md bg-primary/12 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold text-heading">{t(`about.features.${key}.title`)}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{t(`about.features.${key}.text`)}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="mt-12 grid gap-8 lg:grid-cols-2">
        <div>
          <h2 className="text-2xl font-semibold text-heading">{t("about.storyTitle")}</h2>
          <p className="mt-4 leading-relaxed">{t("about.story1")}</p>
          <p className="mt-3 leading-relaxed">{t("about.story2")}</p>
        </div>
        <div className="rounded-md bg-card p-6 shadow-card bordered:border bordered:border-border">
          <h2 className="text-lg font-semibold text-heading">{t("about.principles.title")}</h2>
          <ul className="mt-4 space-y-4">
            {(Array.isArray(principles) ? principles : []).map((p) => (
              <li key={p.title}>
                <p className="font-medium text-heading">{p.title}</p>
                <p className="text-sm text-muted-foreground">{p.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mt-12 rounded-md border border-dashed p-6 text-center">
        <h2 className="text-lg font-semibold text-heading">{t("about.contactTitle")}</h2>
        <p className="mt-2 text-muted-foreground">{t("about.contactText")}</p>
        <a href={`mailto:${t("about.email")}`} className="mt-3 inline-block font-medium text-primary hover:underline">
          {t("about.email")}
        </a>
      </section>
    </PublicPage>
  );
}
