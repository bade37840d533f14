import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Printer } from "lucide-react";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatRub } from "@/lib/i18n";
import { describeEntry, methodLabel } from "../describe";
import { payQueries, type Receipt } from "../pay-api";
import { PaymentStatusBadge, SignedAmount } from "./pay-bits";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-end font-medium text-heading">{children}</dd>
    </div>
  );
}

function ReceiptBody({ data }: { data: Receipt }) {
  const { t } = useTranslation("billing");
  const { payment: p, receipt: r } = data;
  return (
    <div className="grid gap-4" data-testid="receipt">
      <p className="text-sm text-muted-foreground">{r.issued ? t("payments.receiptView.issued", { email: r.email }) : t("payments.receiptView.notIssued")}</p>
      <dl className="divide-y divide-border rounded-md border border-border px-4">
        <Row label={t("payments.receiptView.date")}>{formatDate(p.createdAt, { withTime: true })}</Row>
        <Row label={t("payments.receiptView.buyer")}>{data.accountName}</Row>
        <Row label={t("payments.receiptView.email")}>{r.email}</Row>
        <Row label={t("payments.receiptView.status")}>
          <PaymentStatusBadge status={p.status} />
        </Row>
        {p.method && <Row label={t("payments.receiptView.method")}>{methodLabel(t, p.method)}</Row>}
        {p.providerPaymentId && (
          <Row label={t("payments.receiptView.providerId")}>
            <code className="text-xs break-all">{p.providerPaymentId}</code>
          </Row>
        )}
      </dl>
      <div className="rounded-md border border-border p-4">
        {r.items.map((item, i) => (
          <div key={i} className="flex justify-between gap-4 text-sm">
            <div>
              <span className="block font-medium text-heading">{item.description}</span>
              <span className="block text-muted-foreground">
                {t("payments.receiptView.line", { quantity: item.quantity, vat: t(`payments.receiptView.vat.${r.vatCode}`, { defaultValue: r.vatTitle }) })} · {t("payments.receiptView.mode")}
              </span>
            </div>
            <span className="font-medium whitespace-nowrap text-heading tabular-nums">{formatRub(item.amountKopecks)}</span>
          </div>
        ))}
        <div className="mt-3 flex justify-between border-t border-border pt-3 font-semibold text-heading">
          <span>{t("payments.receiptView.total")}</span>
          <span className="tabular-nums" data-testid="receipt-total">
            {formatRub(r.totalKopecks)}
          </span>
        </div>
        {r.refundedKopecks > 0 && <p className="mt-1 text-end text-sm text-muted-foreground">{t("payments.refunded", { amount: formatRub(r.refundedKopecks) })}</p>}
      </div>
      {data.ledger.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-heading">{t("payments.receiptView.ledger")}</h3>
          <ul className="divide-y divide-border text-sm">
            {data.ledger.map((e) => (
              <li key={e.id} className="flex justify-between gap-4 py-1.5">
                <span>{describeEntry(t, e)}</span>
                <SignedAmount kopecks={e.amountKopecks} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A payment's 54-FZ receipt (what went with the payment to the provider's register) and what the payment moved on the balance. */
export function ReceiptDialog({ accountId, paymentId, onClose }: { accountId: string; paymentId: string; onClose: () => void }) {
  const { t } = useTranslation("billing");
  const receipt = useQuery(payQueries.receipt(accountId, paymentId));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="receipt-dialog">
        <DialogHeader>
          <DialogTitle>{t("payments.receiptView.title")}</DialogTitle>
          <DialogDescription>{t("payments.receiptView.description")}</DialogDescription>
        </DialogHeader>
        <QueryView query={receipt} loading={<Skeleton className="h-64 w-full" />}>
          {(data) => <ReceiptBody data={data} />}
        </QueryView>
        <DialogFooter>
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden />
            {t("payments.receiptView.print")}
          </Button>
          <Button onClick={onClose}>{t("payments.receiptView.close")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
