import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { KeyRound, MonitorSmartphone, UserRound } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useSession } from "@/lib/session";
import { SectionSkeleton } from "@/features/settings/components/section-skeleton";
import { ProfileCard } from "@/features/profile/components/profile-card";
import { ChangeEmailCard, ChangePasswordCard } from "@/features/profile/components/security-cards";
import { SessionsCard } from "@/features/profile/components/sessions-card";

export const handle = { titleKey: "profile:pageTitle" };

const TABS = ["profile", "security", "sessions"] as const;

export default function ProfilePage() {
  const { t } = useTranslation(["profile", "accounts", "auth"]);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab") as (typeof TABS)[number] | null;
  const tab = requested && TABS.includes(requested) ? requested : "profile";
  const icons = { profile: UserRound, security: KeyRound, sessions: MonitorSmartphone };

  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      <Tabs
        value={tab}
        onValueChange={(v) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (v === "profile") next.delete("tab");
              else next.set("tab", v);
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabsList className="mb-2 max-w-full overflow-x-auto">
          {TABS.map((value) => {
            const Icon = icons[value];
            return (
              <TabsTrigger key={value} value={value} data-testid={`tab-${value}`}>
                <Icon aria-hidden />
                {t(`tabs.${value}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="profile">{user ? <ProfileCard user={user} /> : <SectionSkeleton rows={2} />}</TabsContent>
        <TabsContent value="security" className="space-y-6">
          {user ? (
            <>
              <ChangePasswordCard />
              <ChangeEmailCard user={user} />
            </>
          ) : (
            <SectionSkeleton rows={3} />
          )}
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsCard />
        </TabsContent>
      </Tabs>
    </div>
  );
}
