import { Cookie } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";

export const COOKIES_ACCEPTED_KEY = "cookiesAccepted";

function accepted(): boolean {
  try {
    return localStorage.getItem(COOKIES_ACCEPTED_KEY) === "true";
  } catch {
    return false;
  }
}

/** Cookie banner (SPEC §2.5, §4): shown until accepted; Accept stores cookiesAccepted=true. */
export function CookieBanner() {
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState(() => !accepted());
  const ref = useRef<HTMLDivElement>(null);
  // While it shows, the page gets room below its last line (a form's footer links) to scroll out from under it.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!visible || !el) return;
    const body = document.body;
    const root = document.documentElement;
    const before = body.style.paddingBottom;
    // Also as --cookie-banner-space, for a layout whose coloured panel should reach under it (auth-shell).
    const fit = () => {
      const space = `${el.offsetHeight + 32}px`;
      body.style.paddingBottom = space;
      root.style.setProperty("--cookie-banner-space", space);
    };
    fit();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(fit);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = before;
      root.style.removeProperty("--cookie-banner-space");
    };
  }, [visible]);
  if (!visible) return null;
  const accept = () => {
    try {
      localStorage.setItem(COOKIES_ACCEPTED_KEY, "true");
    } catch {
      /* still hide for this visit */
    }
    setVisible(false);
  };
  return (
    <div
      ref={ref}
      role="region"
      aria-label={t("cookies.text")}
      data-testid="cookie-banner"
      className="fixed inset-x-4 bottom-4 z-[1900] mx-auto flex max-w-xl animate-toast-in flex-col items-center gap-3 rounded-md bg-card p-4 text-card-foreground shadow-pop sm:flex-row bordered:border bordered:border-border"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
        <Cookie className="size-5" aria-hidden />
      </span>
      <p className="flex-1 text-center text-[0.9375rem] sm:text-start">{t("cookies.text")}</p>
      <Button size="sm" onClick={accept}>
        {t("cookies.accept")}
      </Button>
    </div>
  );
}
