import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Download } from "lucide-react";
import type { ExportTable } from "@worker/features/analytics/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { saveBlob } from "@/lib/api";
import { cn } from "@/lib/utils";
import { notify } from "@/lib/notify";
import { useBusyAction } from "@/lib/use-busy-action";
import { type AnalyticsParams, analyticsApi } from "../api";

/** A chart or a table of the page, with its CSV download (the same figures as the table the server exports). */
export function FigureCard({ title, description, table, params, children, className }: { title: string; description?: ReactNode; table: ExportTable; params: AnalyticsParams; children: ReactNode; className?: string }) {
  const { t } = useTranslation("analytics");
  const { accountId = "" } = useParams();
  const { busy, run } = useBusyAction();
  const download = () =>
    run(table, async () => {
      const blob = await analyticsApi.export(accountId, table, params);
      saveBlob(blob);
      notify({ type: "success", message: t("export.done", { file: blob.fileName }) });
    });
  return (
    <Card className={cn("min-w-0", className)} data-testid={`figure-${table}`}>
      <CardHeading
        title={title}
        description={description}
        action={
          <Button size="sm" variant="outline" loading={busy === table} onClick={() => void download()} aria-label={t("export.aria", { table: title })} data-testid={`export-${table}`}>
            <Download aria-hidden />
            {t("export.csv")}
          </Button>
        }
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
