import { isApiError } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { notify } from "@/lib/notify";

/**
 * The §8 error toast of an assistant/template call: the call's own title ("Не удалось создать
 * ассистента"…) and the server's sentence, or a network hint.
 */
export function notifyFailure(titleKey: string, error: unknown) {
  if (isApiError(error) && error.status === 401) return;
  const message = isApiError(error) ? error.body.message : i18n.t("assistants:errors.network");
  notify({ type: "error", title: i18n.t(`assistants:${titleKey}`), message });
}
