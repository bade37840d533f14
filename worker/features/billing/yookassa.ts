import { createLogger } from "../../lib/logger";
import {
  type CreatePaymentRequest,
  kopecksToValue,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type ProviderRefund,
  type ReceiptItem,
  valueToKopecks,
} from "./provider";

const log = createLogger({ component: "yookassa" });

/** Attempts of one POST (same Idempotence-Key each time) before its failure is reported. */
const ATTEMPTS = 3;

interface Config {
  base: string;
  shopId: string;
  secretKey: string;
  /** Pause before the second attempt (doubles after); YooKassa asks to repeat a 500 with the same key. */
  retryMs: number;
  /** 54-FZ VAT code of our services (1: без НДС). */
  vatCode: number;
}

type Json = Record<string, any>;

/**
 * YooKassa API v3 (INTEGRATIONS.md §1): HTTP Basic with the shop id and secret key, JSON bodies,
 * an Idempotence-Key on every POST. A 500 (or no answer) means "unknown outcome": the same request
 * goes again with the same key, so it happens at most once; a 4xx is final.
 */
export class YooKassaProvider implements PaymentProvider {
  readonly name = "yookassa";
  constructor(private readonly cfg: Config) {}

  private async call(method: "GET" | "POST", path: string, body?: unknown, idempotenceKey?: string): Promise<Json> {
    const headers: Record<string, string> = { authorization: `Basic ${btoa(`${this.cfg.shopId}:${this.cfg.secretKey}`)}`, accept: "application/json" };
    if (method === "POST") {
      headers["content-type"] = "application/json";
      headers["idempotence-key"] = idempotenceKey!;
    }
    const url = `${this.cfg.base.replace(/\/$/, "")}${path}`;
    const attempts = method === "POST" ? ATTEMPTS : 2;
    let last: ProviderError | null = null;
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, this.cfg.retryMs * 2 ** (i - 1)));
      let res: Response;
      try {
        res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(35_000) });
      } catch (error) {
        last = new ProviderError("Платёжная система не ответила", 502, "UNREACHABLE", undefined, true);
        log.warn("yookassa unreachable", { error, path, attempt: i + 1 });
        continue;
      }
      const text = await res.text();
      let json: Json = {};
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        json = {};
      }
      if (res.ok) return json;
      const err = new ProviderError(String(json.description ?? `Платёжная система ответила ${res.status}`), res.status, String(json.code ?? "error"), json.parameter, res.status >= 500 || res.status === 429);
      if (!err.transient) throw err;
      last = err;
      log.warn("yookassa transient failure, repeating with the same key", { status: res.status, path, attempt: i + 1 });
    }
    throw last!;
  }

  private receipt(r: { email: string; items: ReceiptItem[] }) {
    return {
      customer: { email: r.email },
      items: r.items.map((it) => ({
        description: it.description.slice(0, 128),
        quantity: (it.quantity ?? 1).toFixed(2),
        amount: { value: kopecksToValue(it.amountKopecks), currency: "RUB" },
        vat_code: this.cfg.vatCode,
        payment_mode: "full_payment",
        payment_subject: "service",
      })),
    };
  }

  async createPayment(req: CreatePaymentRequest, idempotenceKey: string): Promise<ProviderPayment> {
    const body: Json = {
      amount: { value: kopecksToValue(req.amountKopecks), currency: "RUB" },
      capture: true,
      description: req.description.slice(0, 128),
      metadata: req.metadata,
      receipt: this.receipt(req.receipt),
    };
    if (req.paymentMethodId) body.payment_method_id = req.paymentMethodId;
    else {
      body.confirmation = { type: "redirect", return_url: req.returnUrl };
      if (req.savePaymentMethod) body.save_payment_method = true;
    }
    return toPayment(await this.call("POST", "/payments", body, idempotenceKey));
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    return toPayment(await this.call("GET", `/payments/${encodeURIComponent(id)}`));
  }

  async capturePayment(id: string, idempotenceKey: string): Promise<ProviderPayment> {
    return toPayment(await this.call("POST", `/payments/${encodeURIComponent(id)}/capture`, {}, idempotenceKey));
  }

  async cancelPayment(id: string, idempotenceKey: string): Promise<ProviderPayment> {
    return toPayment(await this.call("POST", `/payments/${encodeURIComponent(id)}/cancel`, {}, idempotenceKey));
  }

  async createRefund(req: { paymentId: string; amountKopecks: number; description: string; receipt?: { email: string; items: ReceiptItem[] } }, idempotenceKey: string): Promise<ProviderRefund> {
    const body: Json = { payment_id: req.paymentId, amount: { value: kopecksToValue(req.amountKopecks), currency: "RUB" }, description: req.description.slice(0, 250) };
    if (req.receipt) body.receipt = this.receipt(req.receipt);
    const r = await this.call("POST", "/refunds", body, idempotenceKey);
    return { id: String(r.id), paymentId: String(r.payment_id), status: r.status, amountKopecks: valueToKopecks(String(r.amount?.value ?? "0")) };
  }
}

function toPayment(p: Json): ProviderPayment {
  const pm = p.payment_method as Json | undefined;
  const card = pm?.card as Json | undefined;
  return {
    id: String(p.id),
    status: p.status,
    paid: !!p.paid,
    amountKopecks: valueToKopecks(String(p.amount?.value ?? "0")),
    confirmationUrl: p.confirmation?.confirmation_url ?? null,
    paymentMethod: pm?.id
      ? {
          id: String(pm.id),
          saved: !!pm.saved,
          type: String(pm.type ?? "bank_card"),
          title: String(pm.title ?? (card ? `${card.card_type ?? "Карта"} *${card.last4}` : pm.type ?? "")),
          cardLast4: card?.last4 ?? null,
          cardType: card?.card_type ?? null,
          expiry: card ? `${card.expiry_month}/${card.expiry_year}` : null,
        }
      : null,
    cancellationReason: p.cancellation_details?.reason ?? null,
    metadata: (p.metadata ?? {}) as Record<string, string>,
  };
}
