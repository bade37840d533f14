import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { SearchX, ServerCrash } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ReloadButton } from "@/components/reload-button";
import { StatusScreen } from "./status-screen";

export const handle = { titleKey: "pages:notFound.title" };

/** The catch-all route (404) and the router's errorElement (a page that crashed or failed to load). */
export default function ErrorPage() {
  const { t } = useTranslation("pages");
  const error = useRouteError();
  const notFound = error == null || (isRouteErrorResponse(error) && error.status === 404);

  if (notFound) {
    return (
      <StatusScreen
        testId="page-not-found"
        icon={SearchX}
        code="404"
        title={t("notFound.title")}
        text={t("notFound.text")}
        actions={
          <Button asChild>
            <Link to="/">{t("common.home")}</Link>
          </Button>
        }
      />
    );
  }
  if (error) console.error("[route error]", error);
  const status = isRouteErrorResponse(error) ? String(error.status) : undefined;
  return (
    <StatusScreen
      testId="page-error"
      icon={ServerCrash}
      code={status}
      title={t("error.title")}
      text={t("error.text")}
      actions={
        <>
          <Button variant="outline" asChild>
            <Link to="/">{t("common.home")}</Link>
          </Button>
          <ReloadButton label={t("error.reload")} />
        </>
      }
    />
  );
}
