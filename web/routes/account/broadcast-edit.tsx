import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { broadcastQueries } from "@/features/broadcasts/api";
import { BroadcastComposer } from "@/features/broadcasts/components/broadcast-composer";

export const handle = { titleKey: "broadcasts:composer.editTitle" };

/** /:accountId/broadcasts/:broadcastId/edit — a draft in the composer; a broadcast past its draft opens its page. */
export default function EditBroadcastPage() {
  const { t } = useTranslation("broadcasts");
  const { accountId = "", broadcastId = "" } = useParams();
  const query = useQuery(broadcastQueries.detail(accountId, broadcastId));
  return (
    <div>
      <PageHeader
        title={t("composer.editTitle")}
        description={query.data?.name ?? t("composer.description")}
        actions={
          <Button asChild variant="ghost">
            <Link to={`/${accountId}/broadcasts/${broadcastId}`}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t("actions.backToBroadcast")}
            </Link>
          </Button>
        }
      />
      <QueryView query={query} loading={<Skeleton className="h-[600px] w-full" />}>
        {(b) => (b.status === "draft" ? <BroadcastComposer key={b.broadcastId} accountId={accountId} broadcast={b} /> : <Navigate to={`/${accountId}/broadcasts/${b.broadcastId}`} replace />)}
      </QueryView>
    </div>
  );
}
