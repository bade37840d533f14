import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CircleCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/session";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { StatusPanel } from "@/features/auth/components/status-panel";

export const handle = { titleKey: "auth:verified.pageTitle" };

export default function EmailVerifiedPage() {
  const { t } = useTranslation("auth");
  const { isAuthenticated } = useSession();
  return (
    <AuthShell title={t("verified.title")}>
      <StatusPanel tone="success" icon={CircleCheck} title={t("verified.headline")} description={t("verified.description")}>
        <Button asChild className="w-full">
          <Link to={isAuthenticated ? "/" : "/login"}>{isAuthenticated ? t("verified.continue") : t("verified.login")}</Link>
        </Button>
      </StatusPanel>
    </AuthShell>
  );
}
