import { AppError } from "../../lib/errors";

/**
 * Bitrix24's error codes (INTEGRATIONS.md §2) as sentences a person understands. Unknown codes keep
 * Bitrix24's own description after a general sentence, so nothing is lost.
 */
const MESSAGES: Record<string, string> = {
  ACCESS_DENIED: "Bitrix24 отказал в доступе: REST API доступен только на платных тарифах Bitrix24. Смените тариф портала или подключите другой портал",
  INVALID_CREDENTIALS: "Bitrix24 не принял адрес вебхука: ключ неверный, просрочен или вебхук удалён. Создайте входящий вебхук заново и вставьте новый адрес",
  NO_AUTH_FOUND: "Bitrix24 не принял ключ доступа. Подключите портал заново",
  QUERY_LIMIT_EXCEEDED: "Bitrix24 временно ограничил число запросов от портала. Запрос повторён позже, попробуйте через минуту",
  OVERLOAD_LIMIT: "Bitrix24 заблокировал запросы от портала из-за перегрузки. Обратитесь в поддержку Bitrix24",
  insufficient_scope: "У вебхука или приложения нет права «CRM». Отметьте право CRM в настройках вебхука и подключите заново",
  expired_token: "Срок действия доступа к Bitrix24 истёк, а обновить его не удалось. Подключите портал заново",
  invalid_grant: "Bitrix24 отозвал доступ приложения. Подключите портал заново",
  user_access_error: "У пользователя вебхука нет доступа к этому разделу CRM",
  PAYMENT_REQUIRED: "Приложение в Bitrix24 не оплачено. Продлите подписку на приложение в Маркете",
  PORTAL_DELETED: "Портал Bitrix24 удалён",
  NETWORK: "Портал Bitrix24 не отвечает. Проверьте адрес портала и попробуйте позже",
};

/** The codes that mean the connection itself is broken (the hub shows "error"), not one call. */
export const CONNECTION_ERRORS = new Set(["ACCESS_DENIED", "INVALID_CREDENTIALS", "NO_AUTH_FOUND", "expired_token", "invalid_grant", "insufficient_scope", "PAYMENT_REQUIRED", "PORTAL_DELETED"]);

export function bitrixMessage(code: string, description?: string): string {
  const known = MESSAGES[code];
  if (known) return known;
  return `Bitrix24 вернул ошибку${description ? `: ${description}` : ""}`;
}

export class BitrixError extends AppError {
  constructor(
    readonly bitrixCode: string,
    readonly httpStatus: number,
    description?: string,
  ) {
    // 502: the failure is the portal's answer, not our request; the message says what to do.
    super(502, `BITRIX24_${bitrixCode.toUpperCase()}`, bitrixMessage(bitrixCode, description), { bitrixCode });
  }
}
