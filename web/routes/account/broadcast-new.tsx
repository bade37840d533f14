import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { BroadcastComposer } from "@/features/broadcasts/components/broadcast-composer";

export const handle = { titleKey: "broadcasts:composer.newTitle" };

/** /:accountId/broadcasts/new — compose a broadcast (admins and owners). */
export default function NewBroadcastPage() {
  const { t } = useTranslation("broadcasts");
  const { accountId = "" } = useParams();
  return (
    <div>
      <PageHeader
        title={t("composer.newTitle")}
        description={t("composer.description")}
        actions={
          <Button asChild variant="ghost">
            <Link to={`/${accountId}/broadcasts`}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t("actions.backToList")}
            </Link>
          </Button>
        }
      />
      <BroadcastComposer accountId={accountId} broadcast={null} />
    </div>
  );
}
