import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { FlaskConical, Rocket, Save } from "lucide-react";
import { TextField } from "@/components/form/field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { customFieldQueries } from "@/features/custom-fields/api";
import { useZodForm } from "@/lib/form";
import { MAX_BROADCAST_NAME } from "@worker/features/broadcasts/contract";
import { useAccountTimeZone } from "../account-time";
import { broadcastQueries, type Broadcast } from "../api";
import { composerFromBroadcast, composerSchema, emptyComposer, type ComposerPlatform } from "../composer-schema";
import { mediaKeySrc } from "../media";
import { sampleVars } from "../sample-contact";
import { useComposerActions, type ChannelGap } from "../use-composer-actions";
import { AudienceSection } from "./composer/audience-section";
import { ChannelField } from "./composer/channel-field";
import { MessageSection } from "./composer/message-section";
import { MessagePreview } from "./message-preview";
import { PacingFields } from "./pacing-fields";
import { QuotaBadge } from "./quota-badge";
import { QuotaShortageDialog } from "./quota-shortage-dialog";
import { ScheduleFields } from "./schedule-fields";

/**
 * The broadcast composer (a new broadcast or a draft): name and channel, audience, message with
 * variables and buttons, schedule and pacing on the left; the live preview for the chosen channel
 * and the three actions (test, save draft, start) on the right.
 */
export function BroadcastComposer({ accountId, broadcast }: { accountId: string; broadcast: Broadcast | null }) {
  const { t } = useTranslation("broadcasts");
  const schema = useMemo(() => composerSchema(t), [t]);
  const channels = useQuery(broadcastQueries.channels(accountId));
  const fields = useQuery(customFieldQueries.fields(accountId));
  const firstChannel = channels.data?.data[0]?.channelId ?? "";
  const form = useZodForm(schema, { defaultValues: broadcast ? composerFromBroadcast(broadcast) : emptyComposer(firstChannel) });
  const channelId = form.watch("channelId");
  useEffect(() => {
    // A new broadcast (or a draft saved before any messenger was connected) starts on the first
    // connected channel once the list has arrived.
    if (firstChannel && !form.getValues("channelId")) form.setValue("channelId", firstChannel, { shouldValidate: form.formState.isSubmitted });
  }, [firstChannel, form]);
  const channel = channels.data?.data.find((c) => c.channelId === channelId);
  const platform = (channel?.platform ?? "TELEGRAM") as ComposerPlatform;
  // Only connected channels are listed: a draft's channel that is not among them cannot send.
  const channelGap: ChannelGap = channel ? "ok" : channels.isSuccess && !channels.data.data.length ? "none" : channels.isSuccess || !channelId ? "unchosen" : "ok";
  const actions = useComposerActions(accountId, broadcast, form, channel?.platform, channelGap);
  const defs = fields.data?.data ?? [];
  const vars = useMemo(() => sampleVars(t("composer.preview.sampleName"), defs), [defs, t]);
  const { timeZone } = useAccountTimeZone(accountId);
  const busy = actions.busy !== null;

  return (
    <Form {...form}>
      <form onSubmit={actions.saveDraft} noValidate aria-label={t("composer.formLabel")} className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(320px,380px)]" data-testid="broadcast-composer">
        <div className="min-w-0 space-y-6">
          <Section title={t("composer.sections.basics")}>
            <TextField control={form.control} name="name" label={t("composer.name")} placeholder={t("composer.namePlaceholder")} maxLength={MAX_BROADCAST_NAME} data-testid="broadcast-name" />
            <ChannelField accountId={accountId} form={form} channels={channels} />
          </Section>
          <Section title={t("composer.sections.audience")}>
            <AudienceSection accountId={accountId} form={form} />
          </Section>
          <Section title={t("composer.sections.message")}>
            <MessageSection accountId={accountId} form={form} fields={defs} />
          </Section>
          <Section title={t("composer.sections.sending")}>
            <ScheduleFields form={form} timeZone={timeZone} />
            <div className="space-y-2 border-t pt-5">
              <h3 className="text-sm font-medium text-heading">{t("composer.pacing.title")}</h3>
              <PacingFields form={form} platform={platform} />
            </div>
          </Section>
        </div>
        <aside className="space-y-4 lg:sticky lg:top-24" aria-label={t("composer.aside")}>
          <MessagePreview platform={platform} text={form.watch("text")} buttons={form.watch("buttons")} vars={vars} media={mediaOf(accountId, form.watch("media"))} />
          <Card className="gap-4 py-5">
            <CardContent className="space-y-4">
              <QuotaBadge accountId={accountId} />
              <div className="grid gap-2">
                <Button type="button" onClick={actions.start} loading={actions.busy === "start"} disabled={busy} data-testid="broadcast-start">
                  <Rocket aria-hidden />
                  {form.watch("scheduleMode") === "later" ? t("composer.actions.schedule") : t("composer.actions.start")}
                </Button>
                <Button type="submit" variant="outline" loading={actions.busy === "draft"} disabled={busy} data-testid="broadcast-save">
                  <Save aria-hidden />
                  {t("composer.actions.saveDraft")}
                </Button>
                <Button type="button" variant="ghost" onClick={actions.sendTest} loading={actions.busy === "test"} disabled={busy} data-testid="broadcast-test">
                  <FlaskConical aria-hidden />
                  {t("composer.actions.test")}
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">{t("composer.actions.testHint")}</p>
            </CardContent>
          </Card>
        </aside>
      </form>
      <QuotaShortageDialog accountId={accountId} shortage={actions.shortage} onClose={actions.closeShortage} />
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">{children}</CardContent>
    </Card>
  );
}

function mediaOf(accountId: string, m: unknown) {
  const media = m as Broadcast["content"]["media"];
  return media ? { name: media.fileName, kind: media.type, url: mediaKeySrc(accountId, media.key) ?? undefined } : null;
}
