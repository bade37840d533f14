import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Eye, Radio } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { useAbility } from "@/lib/ability";
import { useAccountSocket } from "@/lib/socket";
import { DemoCustomerCard } from "@/features/channels/components/demo-customer-card";
import { InstagramCard } from "@/features/channels/components/instagram-card";
import { TelegramCard } from "@/features/channels/components/telegram-card";
import { WhatsappCard } from "@/features/channels/components/whatsapp-card";

export const handle = { titleKey: "channels:pageTitle" };

/** /{accountId}/connect: one card per messenger with its live state (SPEC §7.2, §7.3). */
export default function ConnectPage() {
  const { t } = useTranslation("channels");
  const { accountId = "" } = useParams();
  const canManage = useAbility().can("manage", "Channel");
  const socket = useAccountSocket(accountId);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Badge variant={socket.connected ? "success" : "secondary"} data-testid="live-status" title={t("live.hint")}>
            <Radio aria-hidden />
            {socket.connected ? t("live.on") : t("live.off")}
          </Badge>
        }
      />
      {!canManage && (
        <Alert variant="info">
          <Eye aria-hidden />
          <AlertDescription>{t("common.readOnly")}</AlertDescription>
        </Alert>
      )}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <WhatsappCard accountId={accountId} className="lg:col-span-2" />
        <TelegramCard accountId={accountId} />
        <InstagramCard accountId={accountId} />
        <DemoCustomerCard accountId={accountId} />
      </div>
    </div>
  );
}
