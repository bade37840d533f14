/**
 * How a payment method is named, one way everywhere. A card is its type and last four digits
 * ("MasterCard •••• 4444", the same in every interface language, as /payment-info shows it); the
 * provider's own title ("Bank card *4444": YooKassa's English, whatever the payer's language) is
 * kept only for what is not a card. `payment_methods.title` and `payments.method_title` store this
 * (migration 0043 rewrote the rows saved before); the SPA words the rest from `methodView`.
 */
export interface MethodFields {
  type: string | null;
  title: string;
  cardType: string | null;
  cardLast4: string | null;
}

export function methodTitle(m: MethodFields): string {
  if (m.type === "bank_card" && m.cardLast4) return `${m.cardType ? `${m.cardType} ` : ""}•••• ${m.cardLast4}`;
  return m.title;
}

/** A card as YooKassa titles it ("Bank card *4444") or as we store it ("MasterCard •••• 4444", "•••• 4444"). */
const CARD_TITLE = /^(?:Bank card \*|(?:(.+) )?•••• )(\d{4})$/;

/** What the SPA needs to name a payment's method in its reader's language (features/billing describe). */
export interface MethodView {
  /** `bank_card`, `bank_transfer`, another provider type (`yoo_money`, `sbp`…), or null when only the title is known. */
  type: string | null;
  cardType: string | null;
  cardLast4: string | null;
  /** A bank transfer's invoice number. */
  invoiceNumber: string | null;
  /** As stored: the fallback for a method the SPA cannot word. */
  title: string;
}

/**
 * The method of a payment: a bank transfer names its invoice; a card payment's saved method (when it
 * is still saved) gives type and digits, otherwise the stored title is read back (a card's title has
 * its last four digits in it).
 */
export function methodView(p: { provider: string; methodTitle: string | null }, saved: { type: string | null; cardType: string | null; cardLast4: string | null } | null, invoiceNumber: string | null): MethodView | null {
  if (p.provider === "bank_transfer") return { type: "bank_transfer", cardType: null, cardLast4: null, invoiceNumber, title: p.methodTitle ?? "" };
  if (!p.methodTitle) return null;
  if (saved?.type) return { type: saved.type, cardType: saved.cardType, cardLast4: saved.cardLast4, invoiceNumber: null, title: p.methodTitle };
  const card = CARD_TITLE.exec(p.methodTitle);
  if (card) return { type: "bank_card", cardType: card[1] ?? null, cardLast4: card[2]!, invoiceNumber: null, title: p.methodTitle };
  return { type: null, cardType: null, cardLast4: null, invoiceNumber: null, title: p.methodTitle };
}
