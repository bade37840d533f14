import type { BaseSyntheticEvent, ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "@/lib/nav";
import { ArrowLeft, Bot, MessageSquare, Sparkles, Users } from "lucide-react";
import { LegalLinks } from "@/components/legal-links";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { BrandMark } from "./brand-mark";
import { FormAlert } from "./form-alert";

/** Two-column frame of the sign-in pages: a product panel on wide screens, the form on the right. */
export function AuthShell({ title, subtitle, children, footer }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation("auth");
  const points = [
    { icon: Bot, text: t("shell.point1") },
    { icon: MessageSquare, text: t("shell.point2") },
    { icon: Users, text: t("shell.point3") },
  ];
  return (
    <div className="grid min-h-svh bg-background lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden lg:h-[calc(100%+var(--cookie-banner-space,0px))] bg-linear-to-br from-primary via-primary-darken to-[#4B3FC4] p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden className="pointer-events-none absolute -right-24 -top-24 size-80 rounded-full bg-white/10 blur-2xl" />
        <div aria-hidden className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-white/5 blur-2xl" />
        <BrandMark inverted />
        <div className="relative max-w-md space-y-8">
          <div className="space-y-3">
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-medium uppercase tracking-wide">
              <Sparkles className="size-3.5" aria-hidden />
              {t("shell.badge")}
            </p>
            <h2 className="text-3xl font-semibold leading-tight">{t("shell.headline")}</h2>
            <p className="text-white/80">{t("shell.lead")}</p>
          </div>
          <ul className="space-y-4">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-white/15">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="text-white/90">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/60">{t("shell.copyright", { year: new Date().getFullYear() })}</p>
      </aside>
      <main className="flex flex-col px-4 py-8 sm:px-8 lg:px-16">
        <div className="lg:hidden">
          <BrandMark />
        </div>
        <div className="mx-auto flex w-full max-w-[420px] flex-1 flex-col justify-center py-8">
          <div className="mb-6 space-y-1.5">
            <h1 className="text-2xl font-semibold tracking-tight text-heading">{title}</h1>
            {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
          </div>
          {children}
          {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
        </div>
        <LegalLinks labels={{ about: t("shell.about"), privacy: t("shell.privacy"), terms: t("shell.terms") }} className="justify-center text-xs text-muted-foreground" />
      </main>
    </div>
  );
}

/**
 * The form of a sign-in page: the page-level error above the fields, the fields, and one wide
 * submit button that spins while the form submits. The form is labelled by `label`.
 */
export function AuthForm<T extends FieldValues>({
  form,
  onSubmit,
  label,
  error,
  submitLabel,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  label: string;
  error: string;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
        <FormAlert message={error} />
        {children}
        <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </form>
    </Form>
  );
}

/** "Back to sign-in", the footer of the password pages. */
export function BackToLogin() {
  const { t } = useTranslation("auth");
  return (
    <Link to="/login" className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline">
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
      {t("forgot.back")}
    </Link>
  );
}
