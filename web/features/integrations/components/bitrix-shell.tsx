import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { Contact, Handshake, LayoutDashboard, Plug, Settings2, Target, type LucideIcon } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { integrationQueries, type Bitrix24State } from "../api";
import { StatusBadge } from "./status-badge";

const TABS: { path: string; key: string; icon: LucideIcon; connected: boolean }[] = [
  { path: "integration/bitrix", key: "overview", icon: LayoutDashboard, connected: true },
  { path: "integration/bitrix24/settings", key: "settings", icon: Settings2, connected: true },
  { path: "integration/bitrix24/deals", key: "deals", icon: Handshake, connected: true },
  { path: "integration/bitrix24/leads", key: "leads", icon: Target, connected: true },
  { path: "integration/bitrix24/contacts", key: "contacts", icon: Contact, connected: true },
  { path: "integration/bitrix24/setup", key: "setup", icon: Plug, connected: false },
];

/**
 * The frame of every Bitrix24 page: the title with the portal's state, the pages as link tabs, and
 * (for pages that need a portal) an empty state leading to the setup while none is connected.
 */
export function BitrixShell({ accountId, title, description, needsConnection = true, actions, children }: { accountId: string; title: string; description?: ReactNode; needsConnection?: boolean; actions?: ReactNode; children: (state: Bitrix24State) => ReactNode }) {
  const { t } = useTranslation("integrations");
  const state = useQuery(integrationQueries.bitrix(accountId));
  const connected = state.data?.connected ?? false;
  return (
    <div>
      <PageHeader title={title} description={description} badge={state.data && <StatusBadge status={state.data.connected ? state.data.status : "not_connected"} />} actions={actions} />
      <nav aria-label={t("bitrix.tabsLabel")} className="mb-6 flex max-w-full flex-wrap gap-1.5">
        {TABS.filter((tab) => tab.connected === connected || tab.key === "setup").map(({ path, key, icon: Icon }) => (
          <NavLink
            key={key}
            to={`/${accountId}/${path}`}
            end
            className={({ isActive }) =>
              cn(
                "inline-flex h-9.5 shrink-0 items-center gap-2 rounded-md px-4 text-[0.9375rem] font-medium whitespace-nowrap text-foreground transition-colors hover:bg-primary/8 hover:text-primary focus-visible:ring-3 focus-visible:ring-primary/30 focus-visible:outline-none [&_svg]:size-4.5",
                isActive && "bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground",
              )
            }
            data-testid={`bitrix-tab-${key}`}
          >
            <Icon aria-hidden />
            {t(`bitrix.tabs.${key}`)}
          </NavLink>
        ))}
      </nav>
      <QueryView query={state} loading={<Skeleton className="h-64 w-full rounded-xl" aria-label={t("bitrix.loading")} />}>
        {(s) =>
          needsConnection && !s.connected ? (
            <Card>
              <EmptyState
                icon={Plug}
                title={t("bitrix.notConnected.title")}
                description={t("bitrix.notConnected.description")}
                action={
                  <Button asChild>
                    <Link to={`/${accountId}/integration/bitrix24/setup`}>{t("bitrix.notConnected.action")}</Link>
                  </Button>
                }
              />
            </Card>
          ) : (
            children(s)
          )
        }
      </QueryView>
    </div>
  );
}
