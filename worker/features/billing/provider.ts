
/** A payment as our code sees it, whatever the provider. */
export interface ProviderPayment {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amountKopecks: number;
  confirmationUrl: string | null;
  /** The method the payer used; `saved` when it may be charged again without them. */
  paymentMethod: { id: string; saved: boolean; type: string; title: string; cardLast4: string | null; cardType: string | null; expiry: string | null } | null;
  cancellationReason: string | null;
  metadata: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: "pending" | "succeeded" | "canceled";
  amountKopecks: number;
}

export interface ReceiptItem {
  description: string;
  amountKopecks: number;
  quantity?: number;
}

export interface CreatePaymentRequest {
  amountKopecks: number;
  description: string;
  /** Where the payer comes back after the provider's page; absent for charges of a saved method. */
  returnUrl?: string;
  savePaymentMethod?: boolean;
  /** Charge a saved method (renewals, auto top-up): no confirmation by the payer. */
  paymentMethodId?: string;
  receipt: { email: string; items: ReceiptItem[] };
  metadata: Record<string, string>;
}

/** A provider's refusal or failure; `transient` ones (5xx, network) were already retried with the same key. */
export class ProviderError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code: string,
    public readonly parameter?: string,
    public readonly transient = false,
  ) {
    super(message);
  }
}

/** The one payment adapter interface; YooKassa implements it (yookassa.ts). */
export interface PaymentProvider {
  readonly name: string;
  /** Creates a payment; the same `idempotenceKey` with the same request never creates a second one. */
  createPayment(req: CreatePaymentRequest, idempotenceKey: string): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  capturePayment(id: string, idempotenceKey: string): Promise<ProviderPayment>;
  cancelPayment(id: string, idempotenceKey: string): Promise<ProviderPayment>;
  createRefund(req: { paymentId: string; amountKopecks: number; description: string; receipt?: { email: string; items: ReceiptItem[] } }, idempotenceKey: string): Promise<ProviderRefund>;
}

/** "1990.00" ↔ 199000: money crosses the wire as a decimal string and lives here as integer kopecks. */
export function kopecksToValue(k: number): string {
  const sign = k < 0 ? "-" : "";
  const a = Math.abs(k);
  return `${sign}${Math.trunc(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}

export function valueToKopecks(v: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) throw new ProviderError(`Непонятная сумма от платёжной системы: ${v}`, 502, "BAD_AMOUNT");
  const k = Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0"));
  return m[1] ? -k : k;
}
