import type { TFunction } from "i18next";
import { formatNumber, formatRub, i18n } from "@/lib/i18n";
import { packageName, planName } from "./localized-name";
import type { LedgerEntry, Payment } from "./pay-api";

/**
 * Payments, ledger rows and payment methods in the reader's language. The server stores its texts in
 * Russian (they are what YooKassa and the 54-FZ receipt get) and sends, beside them, what each row is
 * about (`details`) and how it was paid (`method`); these helpers word those with the `billing`
 * namespace's `describe` and `method` groups, and fall back to the stored text for a row the server
 * could not describe. Every billing page names rows and cards through here, so they read the same.
 * Plans and packages are named in `t`'s language from their translations (localized-name.ts).
 */
type T = TFunction<"billing">;
type Item = NonNullable<Payment["details"]>;
type EntryDetails = NonNullable<LedgerEntry["details"]>;

/** The language `t` words in (react-i18next's and getFixedT's carry it), else the interface's. */
const langOf = (t: T): string => (t as unknown as { lng?: string }).lng || i18n.resolvedLanguage || i18n.language;

/** What a payment paid for: "Пополнение баланса на 3 000 ₽", "Тариф «Бизнес» на месяц", … */
export function describeItem(t: T, item: Item): string {
  switch (item.kind) {
    case "topup":
      return item.invoiceNumber ? t("describe.topupInvoice", { number: item.invoiceNumber }) : t("describe.topup", { amount: formatRub(item.amountKopecks) });
    case "autoTopup":
      return t("describe.autoTopup", { amount: formatRub(item.amountKopecks) });
    case "plan":
      if (item.upgradeFrom)
        return t(`describe.planUpgrade.${item.period}`, {
          plan: planName({ name: item.plan, translations: item.planTranslations }, langOf(t)),
          from: planName({ name: item.upgradeFrom.plan, translations: item.upgradeFrom.planTranslations }, langOf(t)),
        });
      return t(`describe.plan.${item.period}`, { plan: planName({ name: item.plan, translations: item.planTranslations }, langOf(t)) });
    case "renewal":
      return t(`describe.renewal.${item.period}`, { plan: planName({ name: item.plan, translations: item.planTranslations }, langOf(t)) });
    case "package":
      return t("describe.package", { name: packageName(item, langOf(t)), count: item.recipients, formatted: formatNumber(item.recipients) });
  }
}

/** A payment's title: what it paid for, or the stored description. */
export function describePayment(t: T, p: Pick<Payment, "details" | "description">): string {
  return p.details ? describeItem(t, p.details) : p.description;
}

function describeDetails(t: T, d: EntryDetails): string {
  switch (d.kind) {
    case "usage":
      return t(`describe.usage.${d.metric}`, { count: d.units, formatted: formatNumber(d.units), defaultValue: t("describe.usageUnits", { formatted: formatNumber(d.units) }) });
    case "adjustment":
      return t(d.credit ? "describe.adjustmentCredit" : "describe.adjustmentDebit");
    case "renewalFromBalance":
      return t("describe.renewalFromBalance", { plan: planName({ name: d.plan, translations: d.planTranslations }, langOf(t)) });
    case "planCredit":
      return t("describe.planCredit", { plan: planName({ name: d.plan, translations: d.planTranslations }, langOf(t)), count: d.days });
    case "payment":
      // A top-up is the money itself; a plan or package bought by card shows as its payment.
      return d.item.kind === "topup" || d.item.kind === "autoTopup" ? describeItem(t, d.item) : t("describe.paid", { item: describeItem(t, d.item) });
    case "purchase":
      // A plan paid from the balance says so: wholly, or the balance's part and the card's.
      if (d.item.kind === "plan" && d.item.fromBalance)
        return d.item.fromBalance.cardKopecks > 0
          ? t("describe.balancePart", { item: describeItem(t, d.item), balance: formatRub(d.item.fromBalance.balanceKopecks), card: formatRub(d.item.fromBalance.cardKopecks) })
          : t("describe.balanceWhole", { item: describeItem(t, d.item) });
      return describeItem(t, d.item);
    case "refund":
      return t("describe.refund", { item: describeItem(t, d.item) });
  }
}

/** A ledger row's title: what it is about, or the stored description. */
export function describeEntry(t: T, e: Pick<LedgerEntry, "details" | "description">): string {
  return e.details ? describeDetails(t, e.details) : e.description;
}

/** A method as the API gives it: a saved one (GET /billing, /payment-methods) or a payment's (`method`). */
export interface MethodLike {
  type?: string | null;
  title?: string | null;
  cardType?: string | null;
  cardLast4?: string | null;
  invoiceNumber?: string | null;
}

/**
 * A payment method, one way on every page: a card is its type and last four digits
 * ("MasterCard •••• 4444"; «Карта •••• 4444» without a type), a transfer names its invoice, a known
 * provider method its translated name; otherwise a translated generic name, or the provider's title.
 */
export function methodLabel(t: T, m: MethodLike): string {
  if (m.type === "bank_card") {
    if (m.cardLast4) return t("method.card", { type: m.cardType || t("method.cardGeneric"), last4: m.cardLast4 });
    return t("method.bankCard");
  }
  if (m.type === "bank_transfer") return m.invoiceNumber ? t("method.bankTransfer", { number: m.invoiceNumber }) : t("method.bankTransferNoNumber");
  if (m.type) return t(`method.types.${m.type}`, { defaultValue: m.title || t("method.other") });
  return m.title || t("method.other");
}
