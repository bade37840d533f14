import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { broadcastQueries } from "@/features/broadcasts/api";
import { BroadcastDetail } from "@/features/broadcasts/components/broadcast-detail";

export const handle = { titleKey: "broadcasts:page.title" };

/** /:accountId/broadcasts/:broadcastId — status and actions, live counts and progress, the message, the recipients (a draft: its audience and message). */
export default function BroadcastPage() {
  const { t } = useTranslation("broadcasts");
  const { accountId = "", broadcastId = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery(broadcastQueries.detail(accountId, broadcastId));
  return (
    <div>
      <Button asChild variant="ghost" size="sm" className="mb-3 -ms-2">
        <Link to={`/${accountId}/broadcasts`}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {t("actions.backToList")}
        </Link>
      </Button>
      <QueryView query={query} loading={<PageSkeleton />}>
        {(b) => <BroadcastDetail accountId={accountId} broadcast={b} onDeleted={() => navigate(`/${accountId}/broadcasts`, { replace: true })} />}
      </QueryView>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="space-y-6" aria-busy>
      <Skeleton className="h-9 w-72" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}
