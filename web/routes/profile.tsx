import { useTranslation } from "react-i18next";
import { KeyRound, MonitorSmartphone, UserRound } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { TabsContent } from "@/components/ui/tabs";
import { UrlTabs } from "@/components/url-tabs";
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
  const icons = { profile: UserRound, security: KeyRound, sessions: MonitorSmartphone };

  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      <UrlTabs tabs={TABS.map((value) => ({ value, icon: icons[value], label: t(`tabs.${value}`) }))}>
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
      </UrlTabs>
    </div>
  );
}
