import { useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { FormCard } from "@/components/form-card";
import { TextField } from "@/components/form/field";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { integrationApi, integrationKeys } from "../api";

/** Connect by an incoming webhook: the steps in the portal, then the URL (checked by the server with a live call). */
export function WebhookConnectForm({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const { t } = useTranslation("integrations");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const schema = useMemo(() => z.object({ webhookUrl: z.string().trim().min(1, t("bitrix.setup.webhook.required")).url(t("bitrix.setup.webhook.invalid")) }), [t]);
  const form = useZodForm(schema, { defaultValues: { webhookUrl: "" } });
  const onSubmit = form.handleSubmit(async ({ webhookUrl }) => {
    try {
      await integrationApi.connectWebhook(accountId, webhookUrl);
      notify({ type: "success", message: t("bitrix.setup.connected") });
      await qc.invalidateQueries({ queryKey: integrationKeys.hub(accountId) });
      await qc.invalidateQueries({ queryKey: integrationKeys.bitrix(accountId) });
      navigate(`/${accountId}/integration/bitrix24/settings`);
    } catch (error) {
      if (!applyServerErrors(form, error)) form.setError("webhookUrl", { type: "server", message: t("bitrix.setup.failed") });
    }
  });
  const steps = t("bitrix.setup.webhook.steps", { returnObjects: true }) as string[];
  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("bitrix.setup.webhook.title")}
      description={t("bitrix.setup.webhook.description")}
      submitLabel={t("bitrix.setup.webhook.submit")}
      submitTestId="bitrix-webhook-submit"
      footer={canEdit}
      testId="bitrix-webhook-card"
    >
      <ol className="mb-5 list-decimal space-y-1.5 ps-5 text-[0.9375rem] text-foreground">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <TextField
        control={form.control}
        name="webhookUrl"
        label={t("bitrix.setup.webhook.label")}
        placeholder="https://company.bitrix24.ru/rest/1/abc123def456/"
        autoComplete="off"
        spellCheck={false}
        disabled={!canEdit}
        data-testid="bitrix-webhook-url"
      />
    </FormCard>
  );
}

/** Connect as a local or Market app: the portal's address, then Bitrix24's own consent screen. */
export function OauthConnectForm({ accountId, canEdit, available }: { accountId: string; canEdit: boolean; available: boolean }) {
  const { t } = useTranslation("integrations");
  const schema = useMemo(() => z.object({ domain: z.string().trim().min(1, t("bitrix.setup.oauth.required")).max(200) }), [t]);
  const form = useZodForm(schema, { defaultValues: { domain: "" } });
  const onSubmit = form.handleSubmit(async ({ domain }) => {
    try {
      const { url } = await integrationApi.startOauth(accountId, domain);
      window.location.assign(url);
    } catch (error) {
      if (!applyServerErrors(form, error)) form.setError("domain", { type: "server", message: t("bitrix.setup.failed") });
    }
  });
  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("bitrix.setup.oauth.title")}
      description={available ? t("bitrix.setup.oauth.description") : t("bitrix.setup.oauth.unavailable")}
      submitLabel={t("bitrix.setup.oauth.submit")}
      submitTestId="bitrix-oauth-submit"
      footer={canEdit && available}
      testId="bitrix-oauth-card"
    >
      <TextField control={form.control} name="domain" label={t("bitrix.setup.oauth.label")} placeholder="company.bitrix24.ru" autoComplete="off" disabled={!canEdit || !available} data-testid="bitrix-oauth-domain" />
    </FormCard>
  );
}
