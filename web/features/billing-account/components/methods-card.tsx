import { serverText } from "@/lib/api";
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CreditCard, Trash2 } from "lucide-react";
import { QueryView } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { billingApi, billingKeys, billingQueries, type PaymentMethod } from "@/features/billing-account/api";
import { confirm } from "@/lib/confirm";
import { formatDate, i18n } from "@/lib/i18n";
import { notify } from "@/lib/notify";

/** Saved payment methods (masked, as the provider describes them), each removable after a confirmation. */
export function MethodsCard({ accountId, canPay }: { accountId: string; canPay: boolean }) {
  const { t } = useTranslation("billing");
  const qc = useQueryClient();
  const methods = useQuery(billingQueries.methods(accountId));
  const [busy, setBusy] = useState<string | null>(null);
  const remove = async (m: PaymentMethod) => {
    if (!(await confirm({ title: t("paymentInfo.methods.removeTitle"), message: t("paymentInfo.methods.removeMessage", { title: m.title }), confirmText: t("paymentInfo.methods.remove") }))) return;
    setBusy(m.id);
    try {
      const r = await billingApi.removeMethod(accountId, m.id);
      notify({ type: "success", message: serverText(r.message, i18n.t("common:serverToasts.methodRemoved")) });
      await qc.invalidateQueries({ queryKey: billingKeys.all(accountId) });
    } catch {
      /* the snackbar said why */
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card data-testid="payment-methods">
      <CardHeading title={t("paymentInfo.methods.title")} description={t("paymentInfo.methods.description")} />
      <CardContent>
        <QueryView query={methods} loading={<Skeleton className="h-16 w-full" />} isEmpty={(d) => d.data.length === 0} empty={<EmptyState icon={CreditCard} title={t("paymentInfo.methods.emptyTitle")} description={t("paymentInfo.methods.emptyText")} className="py-8" />}>
          {(d) => (
            <ul className="divide-y divide-border rounded-md border">
              {d.data.map((m) => (
                <li key={m.id} className="flex items-center gap-4 px-4 py-3">
                  <div className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary">
                    <CreditCard className="size-5" aria-hidden />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-heading">
                      {m.cardLast4 ? t("paymentInfo.methods.card", { type: m.cardType ?? "", last4: m.cardLast4 }) : m.title}
                      {m.default && <Badge variant="success">{t("paymentInfo.methods.default")}</Badge>}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {m.expiry ? t("paymentInfo.methods.expiry", { expiry: m.expiry }) + " · " : ""}
                      {t("paymentInfo.methods.saved", { date: formatDate(m.createdAt) })}
                    </p>
                  </div>
                  {canPay && (
                    <Button variant="ghost" size="icon" onClick={() => void remove(m)} loading={busy === m.id} aria-label={t("paymentInfo.methods.removeAria", { title: m.title })} data-testid={`method-remove-${m.id}`}>
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
