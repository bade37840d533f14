import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock, QrCode, RefreshCw, Smartphone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { isApiError } from "@/lib/api";
import { checkPhone } from "@worker/lib/phone";
import { cn } from "@/lib/utils";
import { channelApi, channelKeys, type WhatsappPhoneCode } from "../api";

/** The QR rotates about every 20 s (PROTOCOLS.md): asked again at that pace while not authorized. */
export const QR_REFRESH_MS = 20_000;

/** Linking the phone to a not yet authorized instance: scan a QR or type a pairing code. */
export function WhatsappAuthorize({ accountId }: { accountId: string }) {
  const { t } = useTranslation("channels");
  const [tab, setTab] = useState("qr");
  return (
    <section className="rounded-md border border-dashed border-primary/40 p-4 sm:p-5" aria-labelledby="wa-auth-title" data-testid="whatsapp-authorize">
      <h4 id="wa-auth-title" className="mb-1 font-semibold text-heading">
        {t("whatsapp.auth.title")}
      </h4>
      <p className="mb-4 text-[0.875rem] text-muted-foreground">{t("whatsapp.auth.description")}</p>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="mb-4 w-full flex-nowrap sm:w-auto">
          <TabsTrigger value="qr" className="flex-1 px-3 sm:flex-none sm:px-5">
            <QrCode aria-hidden />
            {t("whatsapp.auth.qrTab")}
          </TabsTrigger>
          <TabsTrigger value="phone" className="flex-1 px-3 sm:flex-none sm:px-5">
            <Smartphone aria-hidden />
            {t("whatsapp.auth.phoneTab")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="qr">{tab === "qr" && <QrPanel accountId={accountId} />}</TabsContent>
        <TabsContent value="phone">
          <PhoneCodePanel accountId={accountId} />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

function QrPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation("channels");
  const queryClient = useQueryClient();
  const qr = useQuery({
    queryKey: channelKeys.whatsappQr(accountId),
    queryFn: ({ signal }) => channelApi.qr(accountId, signal),
    refetchInterval: (q) => q.state.data?.refreshAfterMs ?? QR_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const refreshAfter = qr.data?.refreshAfterMs ?? QR_REFRESH_MS;
  const seconds = useSecondsLeft(qr.dataUpdatedAt ? qr.dataUpdatedAt + refreshAfter : null);

  useEffect(() => {
    // The gateway says the phone is already linked: the settings (and the card) catch up.
    if (qr.data?.type === "alreadyLogged") void queryClient.invalidateQueries({ queryKey: channelKeys.whatsapp(accountId), exact: true });
  }, [qr.data?.type, queryClient, accountId]);

  return (
    <div className="grid items-center gap-5 sm:grid-cols-[auto_1fr]">
      <div className="relative mx-auto flex size-56 items-center justify-center rounded-md bg-white p-3 shadow-card ring-1 ring-border">
        {qr.isPending ? (
          <Skeleton className="size-full bg-muted" aria-busy="true" />
        ) : qr.data?.type === "qrCode" ? (
          <img
            src={`data:image/png;base64,${qr.data.message}`}
            alt={t("whatsapp.auth.qrAlt")}
            className={cn("size-full [image-rendering:pixelated]", qr.isFetching && "opacity-60")}
            data-testid="whatsapp-qr"
            data-updated={qr.dataUpdatedAt}
          />
        ) : (
          <p className="px-2 text-center text-sm text-[#444050]" role="alert">
            {qr.data?.type === "alreadyLogged" ? t("whatsapp.auth.alreadyLogged") : qr.isError ? (isApiError(qr.error) ? qr.error.body.message : t("common.network")) : qr.data?.message}
          </p>
        )}
      </div>
      <div className="space-y-3">
        <ol className="list-decimal space-y-1.5 ps-5 text-[0.9375rem] marker:font-semibold marker:text-primary">
          <li>{t("whatsapp.auth.qrStep1")}</li>
          <li>{t("whatsapp.auth.qrStep2")}</li>
          <li>{t("whatsapp.auth.qrStep3")}</li>
        </ol>
        <div className="flex flex-wrap items-center gap-3 text-[0.8125rem] text-muted-foreground">
          {qr.data?.type === "qrCode" && (
            <span className="inline-flex items-center gap-1.5" data-testid="whatsapp-qr-countdown">
              <Clock className="size-3.5" aria-hidden />
              {t("whatsapp.auth.qrRefreshIn", { seconds })}
            </span>
          )}
          <Button variant="ghost" size="sm" onClick={() => qr.refetch()} loading={qr.isFetching && !qr.isPending}>
            <RefreshCw aria-hidden />
            {t("whatsapp.auth.qrRefresh")}
          </Button>
        </div>
      </div>
    </div>
  );
}

function PhoneCodePanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation("channels");
  const [phone, setPhone] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<(WhatsappPhoneCode & { until: number }) | null>(null);
  const seconds = useSecondsLeft(code?.until ?? null);
  const check = checkPhone(phone);
  const error = serverError ?? (touched && !check.ok ? check.error : null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!check.ok) return;
    setBusy(true);
    try {
      const r = await channelApi.phoneCode(accountId, check.international);
      setCode({ ...r, until: Date.now() + r.expiresInMs });
    } catch (err) {
      setServerError(isApiError(err) ? (err.fieldErrors().phoneNumber ?? err.body.message) : t("common.network"));
    } finally {
      setBusy(false);
    }
  };

  const expired = !!code && seconds === 0;
  const pretty = code ? (code.code.length === 8 ? `${code.code.slice(0, 4)}-${code.code.slice(4)}` : code.code) : "";
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <form onSubmit={submit} noValidate className="space-y-3" aria-label={t("whatsapp.auth.phoneTab")}>
        <div className="grid gap-1.5">
          <Label htmlFor="wa-phone" className={cn(error && "text-destructive")}>
            {t("whatsapp.auth.phoneLabel")}
          </Label>
          <Input
            id="wa-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+7 999 123-45-67"
            value={phone}
            aria-invalid={!!error}
            aria-describedby="wa-phone-hint"
            onChange={(e) => {
              setPhone(e.target.value);
              setTouched(true);
              setServerError(null);
            }}
          />
          {error ? (
            <p id="wa-phone-hint" role="alert" className="text-[0.8125rem] text-destructive" data-testid="wa-phone-error">
              {error}
            </p>
          ) : (
            <p id="wa-phone-hint" className="text-[0.8125rem] text-muted-foreground">
              {check.ok ? t("whatsapp.auth.phoneWillUse", { phone: check.international }) : t("whatsapp.auth.phoneHint")}
            </p>
          )}
        </div>
        <Button type="submit" loading={busy}>
          {code ? t("whatsapp.auth.codeAgain") : t("whatsapp.auth.getCode")}
        </Button>
      </form>
      <div className="flex flex-col justify-center rounded-md bg-muted/60 p-4 dark:bg-white/4" aria-live="polite">
        {code ? (
          <>
            <p className="text-[0.8125rem] text-muted-foreground">{t("whatsapp.auth.codeFor", { phone: code.phoneNumber })}</p>
            <p className={cn("my-2 font-mono text-3xl font-semibold tracking-[0.2em] text-heading", expired && "text-muted-foreground line-through")} data-testid="whatsapp-pairing-code">
              {pretty}
            </p>
            <p className={cn("inline-flex items-center gap-1.5 text-[0.8125rem]", expired ? "text-destructive" : "text-muted-foreground")} data-testid="whatsapp-code-lifetime">
              <Clock className="size-3.5" aria-hidden />
              {expired ? t("whatsapp.auth.codeExpired") : t("whatsapp.auth.codeValid", { time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` })}
            </p>
            <p className="mt-3 text-[0.8125rem] text-muted-foreground">{t("whatsapp.auth.codeSteps")}</p>
          </>
        ) : (
          <p className="text-[0.875rem] text-muted-foreground">{t("whatsapp.auth.codeExplain")}</p>
        )}
      </div>
    </div>
  );
}
