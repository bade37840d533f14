import { useTranslation } from "react-i18next";
import { Wrench } from "lucide-react";
import { Button } from "@/components/ui/button";
import { StatusScreen } from "./status-screen";

export const handle = { titleKey: "pages:maintenance.title" };

export default function UnderMaintenancePage() {
  const { t } = useTranslation("pages");
  return (
    <StatusScreen
      testId="page-maintenance"
      icon={Wrench}
      title={t("maintenance.title")}
      text={
        <>
          <p>{t("maintenance.text")}</p>
          <p className="mt-2 text-sm">{t("maintenance.hint")}</p>
        </>
      }
      actions={<Button onClick={() => window.location.assign("/")}>{t("maintenance.retry")}</Button>}
    />
  );
}
