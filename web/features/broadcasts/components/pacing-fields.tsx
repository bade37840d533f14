import { useTranslation } from "react-i18next";
import type { UseFormReturn } from "react-hook-form";
import { Clock, ShieldAlert } from "lucide-react";
import { PACING_LIMITS } from "@worker/features/broadcasts/contract";
import { TextField } from "@/components/form/field";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { ComposerInput, ComposerPlatform, ComposerValues } from "../composer-schema";

type Form = UseFormReturn<ComposerInput, unknown, ComposerValues>;

/**
 * How fast the broadcast goes out on this channel: Telegram sends per second per bot, WhatsApp a
 * random pause between two sends (the gateway bans bulk senders), Instagram only to contacts who
 * wrote within the last 24 hours.
 */
export function PacingFields({ form, platform, disabled }: { form: Form; platform: ComposerPlatform; disabled?: boolean }) {
  const { t } = useTranslation("broadcasts");
  if (platform === "WHATSAPP") {
    return (
      <div className="space-y-4" data-testid="pacing-whatsapp">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="minDelaySec" label={t("composer.pacing.minDelay")} type="number" min={PACING_LIMITS.minDelaySecMin} max={PACING_LIMITS.maxDelaySecMax} inputMode="numeric" disabled={disabled} />
          <TextField control={form.control} name="maxDelaySec" label={t("composer.pacing.maxDelay")} type="number" min={PACING_LIMITS.minDelaySecMin} max={PACING_LIMITS.maxDelaySecMax} inputMode="numeric" disabled={disabled} />
        </div>
        <Alert variant="warning" role="note">
          <ShieldAlert aria-hidden />
          <AlertTitle>{t("composer.pacing.banTitle")}</AlertTitle>
          <AlertDescription className="text-foreground opacity-100">{t("composer.pacing.banText")}</AlertDescription>
        </Alert>
      </div>
    );
  }
  if (platform === "INSTAGRAM") {
    return (
      <Alert variant="info" role="note" data-testid="pacing-instagram">
        <Clock aria-hidden />
        <AlertTitle>{t("composer.pacing.windowTitle")}</AlertTitle>
        <AlertDescription className="text-foreground opacity-100">{t("composer.pacing.windowText")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <TextField
      control={form.control}
      name="perSecond"
      label={t("composer.pacing.perSecond")}
      description={t("composer.pacing.perSecondHint", { max: PACING_LIMITS.perSecondMax })}
      type="number"
      min={1}
      max={PACING_LIMITS.perSecondMax}
      inputMode="numeric"
      className="sm:max-w-xs"
      disabled={disabled}
      data-testid="pacing-telegram"
    />
  );
}
