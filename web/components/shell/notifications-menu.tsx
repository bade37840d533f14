import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover";
import { NOTIFICATION_ICONS, NOTIFICATION_TONE } from "../notification-tone";
import { MenuHeader } from "./menu-header";
import { NavbarIconButton } from "./navbar-icon-button";
import { formatRelative } from "@/lib/i18n";
import { clearHistory, markHistoryRead, useNotificationHistory } from "@/lib/notify";
import { cn } from "@/lib/utils";

/** The navbar's notifications: what the app told the user during this visit. */
export function NotificationsMenu() {
  const { t } = useTranslation("common");
  const items = useNotificationHistory();
  const unread = items.filter((i) => !i.read).length;
  return (
    <Popover onOpenChange={(open) => !open && markHistoryRead()}>
      <PopoverTrigger asChild>
        <NavbarIconButton label={t("notificationsMenu.open")} data-testid="notifications-open">
          <Bell />
          {unread > 0 && <span className="absolute top-1.5 end-1.5 size-2.5 rounded-full bg-destructive ring-2 ring-card" aria-hidden />}
        </NavbarIconButton>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[22rem] p-0">
        <MenuHeader title={t("notificationsMenu.title")} description={t("notificationsMenu.description")}>
          {unread > 0 && <span className="rounded-full bg-primary/15 px-2.5 py-0.5 text-[0.8125rem] font-medium text-primary">{t("notificationsMenu.new", { count: unread })}</span>}
        </MenuHeader>
        {items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-5 py-10 text-center text-muted-foreground">
            <Bell className="size-8 opacity-50" aria-hidden />
            <p>{t("notificationsMenu.empty")}</p>
          </div>
        ) : (
          <>
            <ul className="max-h-[22rem] overflow-y-auto scrollbar-thin">
              {items.map((n) => {
                const Icon = NOTIFICATION_ICONS[n.type];
                return (
                  <li key={`${n.id}-${n.at}`} className={cn("flex gap-3 border-b border-border px-5 py-3 last:border-0", !n.read && "bg-primary/4")}>
                    <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-full", NOTIFICATION_TONE[n.type])}>
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="text-[0.9375rem] font-medium text-heading">{n.title}</p>
                      <p className="text-[0.8125rem] break-words text-muted-foreground">{n.message}</p>
                    </div>
                    <time className="shrink-0 text-xs text-muted-foreground">{formatRelative(n.at)}</time>
                  </li>
                );
              })}
            </ul>
            <div className="border-t border-border p-3">
              <Button variant="secondary" size="sm" className="w-full" onClick={clearHistory}>
                {t("notificationsMenu.clear")}
              </Button>
            </div>
          </>
        )}
      </PopoverContent>
    </Popover>
  );
}
