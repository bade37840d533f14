import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "./ui/button";
import { isOffline, useOnline } from "@/lib/connection";

/**
 * «Обновить страницу» of the error pages. Offline, a reload would only show the browser's own
 * "no internet" page: the press is remembered instead, the button says the page reloads when the
 * connection returns, and it does then.
 */
export function ReloadButton({ label, ...props }: Omit<ButtonProps, "onClick" | "children"> & { label: string }) {
  const { t } = useTranslation("common");
  const online = useOnline();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (pending && online) window.location.reload();
  }, [pending, online]);
  const waiting = pending && !online;
  return (
    <Button {...props} aria-live="polite" disabled={waiting || props.disabled} onClick={() => (isOffline() ? setPending(true) : window.location.reload())}>
      {waiting ? t("errors.reloadWhenOnline") : label}
    </Button>
  );
}
