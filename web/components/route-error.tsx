import { CircleAlert, SearchX } from "lucide-react";
import { Component, lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PageLoader } from "./page-loader";
import { Button } from "./ui/button";
import { ReloadButton } from "./reload-button";
import { loadNamespaces } from "@/lib/i18n";
import { isModuleMounted, loadRouteModule } from "@/lib/route-modules";

const ERROR_MODULE = "misc/error";
const ErrorModulePage = lazy(() => loadRouteModule(ERROR_MODULE));
// Rendered outside a route that declares the "pages" namespace, so it brings its texts itself.
const NotFoundModulePage = lazy(async () => {
  await loadNamespaces(["pages"]).catch(() => undefined);
  return loadRouteModule(ERROR_MODULE);
});

class Fallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A minimal built-in error page, used when the error page module itself is absent or fails. */
export function BuiltInError({ notFound }: { notFound?: boolean }) {
  const { t } = useTranslation("common");
  const Icon = notFound ? SearchX : CircleAlert;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary/12 text-primary">
        <Icon className="size-8" aria-hidden />
      </span>
      <h1 className="text-2xl font-semibold">{notFound ? t("routes.notFound") : t("errors.pageLoad")}</h1>
      {!notFound && <p className="max-w-md text-muted-foreground">{t("errors.pageLoadHint")}</p>}
      <div className="flex gap-3">
        {!notFound && <ReloadButton label={t("errors.reload")} />}
        <Button variant={notFound ? "default" : "secondary"} asChild>
          <Link to="/">{t("routes.home")}</Link>
        </Button>
      </div>
    </div>
  );
}

/** The router's error element: the pages' error module (web/routes/misc/error.tsx) when present. */
export function RouteErrorPage({ notFound }: { notFound?: boolean }) {
  const error = useRouteError();
  const is404 = notFound || (isRouteErrorResponse(error) && error.status === 404);
  if (error) console.error("[router]", error);
  const builtIn = <BuiltInError notFound={is404} />;
  if (!isModuleMounted(ERROR_MODULE)) return builtIn;
  return (
    <Fallback fallback={builtIn}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <ErrorModulePage />
      </Suspense>
    </Fallback>
  );
}

/**
 * The 404 page where no route says so: a path whose first segment cannot be an account id (shown
 * by web/components/app-root.tsx instead of the shell). An account the user does not belong to
 * says that there is no access instead (web/components/account-unavailable.tsx).
 */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const builtIn = <BuiltInError notFound />;
  if (!isModuleMounted(ERROR_MODULE)) return builtIn;
  return (
    <Fallback fallback={builtIn}>
      <Suspense fallback={<PageLoader fullScreen={!inShell} />}>
        <NotFoundModulePage />
      </Suspense>
    </Fallback>
  );
}
