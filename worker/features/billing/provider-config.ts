import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import type { PaymentProvider } from "./provider";
import { YooKassaProvider } from "./yookassa";

/** The configured provider, or a 503 sentence when payments are not configured on this deployment. */
export function paymentProvider(env: Env): PaymentProvider {
  const e = env;
  if (!e.YOOKASSA_SHOP_ID || !e.YOOKASSA_SECRET_KEY) throw new AppError(503, "PAYMENTS_NOT_CONFIGURED", "Оплата пока не подключена: обратитесь в поддержку");
  return new YooKassaProvider({
    base: e.YOOKASSA_API_BASE || "https://api.yookassa.ru/v3",
    shopId: e.YOOKASSA_SHOP_ID,
    secretKey: e.YOOKASSA_SECRET_KEY,
    retryMs: Number(e.YOOKASSA_RETRY_MS ?? "1000"),
    vatCode: Number(e.YOOKASSA_VAT_CODE ?? "1"),
  });
}

