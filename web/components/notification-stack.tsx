import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { removeNotification, useNotifications, type NotificationItem } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { NOTIFICATION_ICONS, NOTIFICATION_TONE } from "./notification-tone";

const POSITION: Record<string, string> = {
  "top end": "top-4 end-4 items-end",
  "top start": "top-4 start-4 items-start",
  "top center": "top-4 left-1/2 -translate-x-1/2 items-center",
  "bottom end": "bottom-4 end-4 items-end",
  "bottom start": "bottom-4 start-4 items-start",
  "bottom center": "bottom-4 left-1/2 -translate-x-1/2 items-center",
};

/** The global snackbar stack (SPEC §4): one column per location, newest at the bottom. */
export function NotificationStack() {
  const items = useNotifications();
  const { t } = useTranslation("common");
  const byLocation = new Map<string, NotificationItem[]>();
  for (const item of items) {
    const loc = POSITION[item.location] ? item.location : "top end";
    byLocation.set(loc, [...(byLocation.get(loc) ?? []), item]);
  }
  return (
    <>
      {[...byLocation.entries()].map(([location, list]) => (
        <section
          key={location}
          aria-label={t("notifications.region")}
          data-location={location}
          className={cn("pointer-events-none fixed z-[2600] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-3", POSITION[location])}
        >
          {list.map((n) => {
            const Icon = NOTIFICATION_ICONS[n.type];
            return (
              <div
                key={n.id}
                role={n.type === "error" ? "alert" : "status"}
                data-testid="snackbar"
                data-id={n.id}
                data-type={n.type}
                data-tag={n.tag}
                className="pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-md bg-card p-4 text-card-foreground shadow-pop bordered:border bordered:border-border"
              >
                <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-md", NOTIFICATION_TONE[n.type])}>
                  <Icon className="size-5" aria-hidden />
                </span>
                <div className="min-w-0 flex-1 pt-0.5">
                  <p className="font-medium text-heading">{n.title}</p>
                  {n.message && <p className="mt-0.5 text-[0.875rem] break-words text-muted-foreground">{n.message}</p>}
                </div>
                <button
                  type="button"
                  aria-label={t("notifications.close")}
                  onClick={() => removeNotification(n.id)}
                  className="-me-1 -mt-1 flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  <X className="size-4" />
                </button>
              </div>
            );
          })}
        </section>
      ))}
    </>
  );
}
