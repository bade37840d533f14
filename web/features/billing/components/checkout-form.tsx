import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Layers, Lock, PackageOpen, Wallet } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api";
import { formatNumber, formatRub } from "@/lib/i18n";
import { moneyInput, parseMoney } from "@/features/products/money";
import { packageName, planName, useInterfaceLanguage } from "../localized-name";
import { payApi, payQueries, type BillingPeriod, type CheckoutBody, type PlanQuote } from "../pay-api";
import { PackagePicker, PlanPicker, TopupPicker } from "./order-picker";
import { PlanChangeActions, PlanChangeSummary } from "./plan-change-summary";
import { Segmented } from "./segmented";

type Kind = "plan" | "topup" | "package";
const KINDS = [
  { kind: "plan", icon: Layers },
  { kind: "topup", icon: Wallet },
  { kind: "package", icon: PackageOpen },
] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The order the URL and the form describe, priced for the summary (the server prices it again). */
function useOrder(accountId: string, params: URLSearchParams, amountText: string, useBalance: boolean) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const kind: Kind = params.get("kind") === "topup" ? "topup" : params.get("kind") === "package" ? "package" : "plan";
  const period: BillingPeriod = params.get("period") === "year" ? "year" : "month";
  const plans = useQuery({ ...payQueries.plans(), select: (r) => r.data.filter((p) => !p.free) });
  const packages = useQuery({ ...payQueries.packages(), enabled: kind === "package" });
  // Without a plan in the URL: the account's own paid plan, else the cheapest.
  const current = useQuery({ ...payQueries.billing(accountId), select: (b) => ({ planId: b.plan.id, period: b.subscription.billingPeriod }) }).data;
  const planId = params.get("plan") ?? plans.data?.find((p) => p.id === current?.planId)?.id ?? plans.data?.[0]?.id ?? null;
  // What choosing the plan does now (a purchase, an upgrade with the unused days' credit, a downgrade at the period's end), priced by the server.
  // With money on the balance, the balance pays first (unless the customer unticks it) and the card the rest.
  const quote = useQuery({ ...payQueries.quote(accountId, planId ?? "", period, useBalance), enabled: kind === "plan" && !!planId, placeholderData: (prev) => (prev?.plan.id === planId && prev?.period === period ? prev : undefined) });
  const packageId = params.get("package") ?? packages.data?.data[0]?.id ?? null;
  const plan = plans.data?.find((p) => p.id === planId);
  const pkg = packages.data?.data.find((p) => p.id === packageId);
  const amount = parseMoney(amountText);
  const amountError = amount === null || Number.isNaN(amount) ? t("checkout.errors.amount") : amount < 10_000 ? t("checkout.errors.amountMin") : amount > 100_000_000 ? t("checkout.errors.amountMax") : undefined;
  const line =
    kind === "plan" && plan && quote.data
      ? { title: t("checkout.summary.plan", { name: planName(plan, lang) }), hint: t(`operations.summary.period.${period}`), kopecks: quote.data.byCardKopecks }
      : kind === "package" && pkg
        ? { title: t("checkout.summary.package", { name: packageName(pkg, lang) }), hint: t("checkout.packageHint", { count: pkg.recipients, formatted: formatNumber(pkg.recipients), days: pkg.validityDays }), kopecks: pkg.priceKopecks }
        : kind === "topup" && !amountError && amount
          ? { title: t("checkout.summary.topup"), hint: t("checkout.summary.topupHint"), kopecks: amount }
          : null;
  return { kind, period, plans, packages, planId, packageId, amount, amountError, line, quote, current };
}

/** What the button does for a plan: pay by card, make the change without a card (a downgrade, a plan the credit or the balance covers), or nothing (the current plan). */
function planAction(q: PlanQuote | undefined): "pay" | "change" | "none" {
  if (!q) return "pay";
  if (q.kind === "current") return "none";
  return q.kind === "downgrade" || q.byCardKopecks === 0 ? "change" : "pay";
}

/** A typed amount as the URL keeps it: roubles with a decimal point («1234.56»), or the text as typed when it is not a sum. */
function amountParam(text: string): string | null {
  const kopecks = parseMoney(text);
  if (kopecks === null) return null;
  if (Number.isNaN(kopecks)) return text;
  return kopecks % 100 ? (kopecks / 100).toFixed(2) : String(kopecks / 100);
}

/** The summary of a top-up or a package: its line and the total. */
function OrderLine({ line, empty }: { line: { title: string; hint: string; kopecks: number } | null; empty: string }) {
  const { t } = useTranslation("billing");
  return (
    <>
      {line ? (
        <div className="flex justify-between gap-4">
          <div>
            <p className="font-medium text-heading" data-testid="order-line">
              {line.title}
            </p>
            <p className="text-sm text-muted-foreground">{line.hint}</p>
          </div>
          <span className="font-medium whitespace-nowrap text-heading tabular-nums">{formatRub(line.kopecks)}</span>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
      <div className="flex justify-between border-t border-border pt-4 text-lg font-semibold text-heading">
        <span>{t("checkout.summary.total")}</span>
        <span className="tabular-nums" data-testid="order-total">
          {formatRub(line?.kopecks ?? 0)}
        </span>
      </div>
    </>
  );
}

/**
 * /checkout's form: what is bought (a plan for a month or a year, a top-up, a broadcast package),
 * the order summary, the e-mail for the 54-FZ receipt, and «Оплатить», which creates the payment
 * (POST /checkout with a request key, so a double click is one payment) and sends the browser to
 * the provider's confirmation page.
 */
export function CheckoutForm({ accountId, defaultEmail }: { accountId: string; defaultEmail: string }) {
  const { t } = useTranslation("billing");
  const [params, setParams] = useSearchParams();
  const [amountText, setAmountText] = useState(() => {
    const kopecks = parseMoney(params.get("amount") ?? "");
    return kopecks === null || Number.isNaN(kopecks) ? "3000" : moneyInput(kopecks);
  });
  const [email, setEmail] = useState(defaultEmail);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const session = useMemo(() => crypto.randomUUID().slice(0, 8), []);
  const [useBalance, setUseBalance] = useState(true);
  const o = useOrder(accountId, params, amountText, useBalance);
  const action = o.kind === "plan" ? planAction(o.quote.data) : "pay";
  const set = (patch: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(patch)) (v === null ? p.delete(k) : p.set(k, v));
        return p;
      },
      { replace: true },
    );
  const emailError = touched && !EMAIL.test(email.trim()) ? t("checkout.errors.email") : error?.fields.email;
  // The typed amount is kept in the URL (replaced, not pushed), so coming back from the payment page shows it again.
  const onAmount = (text: string) => {
    setAmountText(text);
    set({ amount: amountParam(text) });
  };

  const pay = async () => {
    setTouched(true);
    if (!EMAIL.test(email.trim()) || !o.line) return;
    const common = { email: email.trim(), returnPath: `/checkout?accountId=${accountId}` };
    const body: CheckoutBody =
      o.kind === "plan" ? { kind: "plan", planId: o.planId!, period: o.period, ...(useBalance ? {} : { useBalance: false }), ...common } : o.kind === "package" ? { kind: "package", packageId: o.packageId!, ...common } : { kind: "topup", amountKopecks: o.amount!, ...common };
    const item = o.kind === "plan" ? `${o.planId}-${o.period}-${useBalance ? "b" : "c"}` : o.kind === "package" ? o.packageId : o.amount;
    setBusy(true);
    setError(null);
    try {
      const r = await payApi.checkout(accountId, { ...body, requestKey: `${session}-${o.kind}-${item}-${common.email}`.slice(0, 64) });
      if (r.confirmationUrl) window.location.assign(r.confirmationUrl);
      else set({ paymentId: r.paymentId });
    } catch (e) {
      setError({ message: isApiError(e) ? e.message : t("checkout.errors.network"), fields: isApiError(e) ? e.fieldErrors() : {} });
      setBusy(false);
    }
  };

  const loading = o.kind === "plan" ? o.plans.isPending : o.kind === "package" ? o.packages.isPending : false;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
      <Card className="gap-5 px-6 py-6">
        <Segmented
          value={o.kind}
          onChange={(v) => set({ kind: v })}
          label={t("checkout.what")}
          items={KINDS.map(({ kind, icon: Icon }) => ({
            value: kind,
            testId: `checkout-kind-${kind}`,
            label: (
              <>
                <Icon aria-hidden />
                {t(`checkout.kinds.${kind}`)}
              </>
            ),
          }))}
        />
        {loading ? (
          <Skeleton className="h-56 w-full" />
        ) : o.kind === "plan" ? (
          <PlanPicker plans={o.plans.data ?? []} planId={o.planId} period={o.period} current={o.current ?? null} onPlan={(id) => set({ plan: id })} onPeriod={(p) => set({ period: p })} />
        ) : o.kind === "package" ? (
          <PackagePicker packages={o.packages.data?.data ?? []} packageId={o.packageId} onPackage={(id) => set({ package: id })} />
        ) : (
          <TopupPicker amount={amountText} onAmount={onAmount} error={o.amountError ?? error?.fields.amountKopecks} />
        )}
      </Card>
      <Card className="h-fit gap-4 py-6" data-testid="order-summary">
        <CardHeader>
          <CardTitle>{t("checkout.summary.title")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {o.kind === "plan" && (o.quote.isPending || o.quote.data) ? (
            o.quote.data ? (
              <PlanChangeSummary quote={o.quote.data} useBalance={useBalance} onUseBalance={setUseBalance} />
            ) : (
              <Skeleton className="h-28 w-full" />
            )
          ) : (
            <OrderLine line={o.line} empty={o.kind === "plan" && o.quote.error && isApiError(o.quote.error) ? o.quote.error.message : t("checkout.summary.nothing")} />
          )}
          {action === "pay" && (
            <div className="grid gap-1.5">
              <Label htmlFor="receipt-email">{t("checkout.email")}</Label>
              <Input id="receipt-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} onBlur={() => setTouched(true)} aria-invalid={!!emailError} aria-describedby="receipt-email-hint" data-testid="receipt-email" />
              <p id="receipt-email-hint" className={emailError ? "text-[0.8125rem] text-destructive" : "text-[0.8125rem] text-muted-foreground"}>
                {emailError ?? t("checkout.emailHint")}
              </p>
            </div>
          )}
          {error && !Object.keys(error.fields).length && (
            <Alert variant="destructive" data-testid="checkout-error">
              <AlertDescription>{error.message}</AlertDescription>
            </Alert>
          )}
          {action === "pay" ? (
            <Button size="lg" className="w-full" disabled={busy || !o.line} onClick={pay} data-testid="checkout-pay">
              <Lock aria-hidden />
              {busy ? t("checkout.redirecting") : o.line ? t("checkout.payAmount", { amount: formatRub(o.line.kopecks) }) : t("checkout.pay")}
            </Button>
          ) : (
            o.quote.data && <PlanChangeActions accountId={accountId} quote={o.quote.data} useBalance={useBalance} busy={busy} setBusy={setBusy} onError={(message) => setError(message ? { message, fields: {} } : null)} onTopUp={() => set({ kind: "topup" })} />
          )}
          {action === "pay" && <p className="text-center text-[0.8125rem] text-muted-foreground">{t("checkout.secure")}</p>}
        </CardContent>
      </Card>
    </div>
  );
}
