import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { partnerQueries } from "@/features/partners/api";
import { ApplicationForm } from "@/features/partners/components/application-form";
import { formatDate } from "@/lib/i18n";
import { Link } from "@/lib/nav";
import { useSession } from "@/lib/session";

export const handle = { titleKey: "partners:apply.pageTitle" };

/** /partners-apply: the application, or its status (pending; approved → the cabinet; rejected with the reason → apply again). */
export default function PartnersApplyPage() {
  const { t } = useTranslation("partners");
  const { user } = useSession();
  const query = useQuery(partnerQueries.me());
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("apply.title")} description={t("apply.description")} />
      <QueryView query={query} loading={<Skeleton className="h-96 w-full" />}>
        {(cab) => {
          const app = cab.application;
          if (cab.partner)
            return (
              <Card data-testid="application-status">
                <CardContent className="flex flex-col gap-4 py-6 sm:flex-row sm:items-center">
                  <CheckCircle2 className="size-8 shrink-0 text-success" aria-hidden />
                  <div className="flex-1">
                    <h2 className="font-semibold text-heading">{t("apply.approvedTitle")}</h2>
                    <p className="text-sm text-muted-foreground">{t("apply.approvedText", { rate: cab.partner.ratePercent })}</p>
                  </div>
                  <Button asChild>
                    <Link to="/partners">{t("apply.toCabinet")}</Link>
                  </Button>
                </CardContent>
              </Card>
            );
          if (app?.status === "pending")
            return (
              <Alert variant="info" data-testid="application-status">
                <Clock aria-hidden />
                <AlertTitle>{t("apply.pendingTitle")}</AlertTitle>
                <AlertDescription>{t("apply.pendingText", { date: formatDate(app.createdAt), email: app.email })}</AlertDescription>
              </Alert>
            );
          return (
            <div className="space-y-6">
              {app?.status === "rejected" && (
                <Alert variant="destructive" data-testid="application-status">
                  <XCircle aria-hidden />
                  <AlertTitle>{t("apply.rejectedTitle")}</AlertTitle>
                  <AlertDescription>{t("apply.rejectedText", { reason: app.rejectReason })}</AlertDescription>
                </Alert>
              )}
              <ApplicationForm defaults={{ name: app?.name ?? user?.name ?? "", email: app?.email ?? user?.email ?? "" }} />
            </div>
          );
        }}
      </QueryView>
    </div>
  );
}
