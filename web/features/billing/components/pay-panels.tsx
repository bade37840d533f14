import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useListParams } from "@/components/list-params";
import { Card } from "@/components/ui/card";
import { dayToMs, LEDGER_TYPES, PAYMENT_PURPOSES, PAYMENT_STATUSES, payQueries, type LedgerParams, type LedgerType, type PaymentPurpose, type PaymentsParams, type PaymentStatus } from "../pay-api";
import { LedgerTable } from "./ledger-table";
import { DateRangeFilter, FilterSelect } from "./list-filters";
import { PaymentsTable } from "./payments-table";
import { ReceiptDialog } from "./receipt-dialog";

const pick = <T extends string>(all: readonly T[], v: string | null): T | undefined => ((all as readonly string[]).includes(v ?? "") ? (v as T) : undefined);

function useDates() {
  const { params, page, limit, update } = useListParams();
  const from = params.get("from");
  const to = params.get("to");
  return { params, page, limit, update, from, to, range: { from: dayToMs(from), to: dayToMs(to, true) } };
}

/** The payments with their filters (status, purpose, days) in the URL, and the receipt of a row. */
export function PaymentsPanel({ accountId, emptyAction }: { accountId: string; emptyAction?: React.ReactNode }) {
  const { t } = useTranslation("billing");
  const { params, page, limit, update, from, to, range } = useDates();
  const status = pick<PaymentStatus>(PAYMENT_STATUSES, params.get("status"));
  const purpose = pick<PaymentPurpose>(PAYMENT_PURPOSES, params.get("purpose"));
  const p: PaymentsParams = { page, limit, status, purpose, ...range };
  const list = useQuery(payQueries.payments(accountId, p));
  const [receipt, setReceipt] = useState<string | null>(null);
  return (
    <Card className="gap-0 overflow-hidden py-0" data-testid="payments-panel">
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:flex-wrap sm:items-center sm:px-6">
        <FilterSelect name="status" value={status} options={PAYMENT_STATUSES} label={t("payments.filters.status")} allLabel={t("payments.filters.allStatuses")} optionLabel={(v) => t(`payments.status.${v}`)} update={update} testId="payments-status-filter" />
        <FilterSelect name="purpose" value={purpose} options={PAYMENT_PURPOSES} label={t("payments.filters.purpose")} allLabel={t("payments.filters.allPurposes")} optionLabel={(v) => t(`payments.purpose.${v}`)} update={update} testId="payments-purpose-filter" />
        <div className="sm:ms-auto">
          <DateRangeFilter from={from} to={to} update={update} />
        </div>
      </div>
      <PaymentsTable
        list={list}
        p={p}
        filtered={!!(status || purpose || from || to)}
        update={update}
        onReset={() => update({ status: undefined, purpose: undefined, from: undefined, to: undefined })}
        onReceipt={(row) => setReceipt(row.id)}
        emptyAction={emptyAction}
      />
      {receipt && <ReceiptDialog accountId={accountId} paymentId={receipt} onClose={() => setReceipt(null)} />}
    </Card>
  );
}

/** The ledger with its filters (type, days) in the URL; a credit from a payment opens its receipt. */
export function LedgerPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation("billing");
  const { params, page, limit, update, from, to, range } = useDates();
  const type = pick<LedgerType>(LEDGER_TYPES, params.get("type"));
  const p: LedgerParams = { page, limit, type, ...range };
  const list = useQuery(payQueries.ledger(accountId, p));
  const [receipt, setReceipt] = useState<string | null>(null);
  return (
    <Card className="gap-0 overflow-hidden py-0" data-testid="ledger-panel">
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:flex-wrap sm:items-center sm:px-6">
        <FilterSelect name="type" value={type} options={LEDGER_TYPES} label={t("operations.filters.type")} allLabel={t("operations.filters.allTypes")} optionLabel={(v) => t(`operations.types.${v}`)} update={update} testId="ledger-type-filter" />
        <div className="sm:ms-auto">
          <DateRangeFilter from={from} to={to} update={update} />
        </div>
      </div>
      <LedgerTable list={list} p={p} filtered={!!(type || from || to)} update={update} onReset={() => update({ type: undefined, from: undefined, to: undefined })} onReceipt={setReceipt} />
      {receipt && <ReceiptDialog accountId={accountId} paymentId={receipt} onClose={() => setReceipt(null)} />}
    </Card>
  );
}
