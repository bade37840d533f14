import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { LucideIcon } from "lucide-react";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";

export type UrlTab = { value: string; icon: LucideIcon; label: ReactNode };

/**
 * A page's tabs whose choice lives in the query string (?tab=…, none for the first tab), so a
 * link or a reload opens the same tab; an unknown or unavailable tab shows the first. Each trigger
 * has data-testid="tab-<value>". `children` are the TabsContent panels.
 */
export function UrlTabs({ tabs, children }: { tabs: UrlTab[]; children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value ?? "";
  const requested = params.get("tab") ?? first;
  const tab = tabs.some((x) => x.value === requested) ? requested : first;
  return (
    <Tabs
      value={tab}
      onValueChange={(v) =>
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            if (v === first) next.delete("tab");
            else next.set("tab", v);
            return next;
          },
          { replace: true },
        )
      }
    >
      <TabsList className="mb-2 max-w-full overflow-x-auto">
        {tabs.map(({ value, icon: Icon, label }) => (
          <TabsTrigger key={value} value={value} data-testid={`tab-${value}`}>
            <Icon aria-hidden />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {children}
    </Tabs>
  );
}
