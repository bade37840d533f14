import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ShieldAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/session";
import { StatusScreen } from "./status-screen";

export const handle = { titleKey: "pages:notAuthorized.title" };

export default function NotAuthorizedPage() {
  const { t } = useTranslation("pages");
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  return (
    <StatusScreen
      testId="page-not-authorized"
      icon={ShieldAlert}
      code="403"
      title={t("notAuthorized.title")}
      text={t("notAuthorized.text")}
      actions={
        <>
          <Button variant="outline" onClick={() => navigate(-1)}>
            {t("common.back")}
          </Button>
          <Button asChild>
            <Link to={isAuthenticated ? "/" : "/login"}>{isAuthenticated ? t("common.home") : t("nav.login")}</Link>
          </Button>
        </>
      }
    />
  );
}
