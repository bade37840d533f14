import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { FlaskConical, MessagesSquare, Send } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { channelApi, channelQueries, type ChannelKind } from "../api";
import { PlatformTile } from "./platform-tile";

const KINDS: ChannelKind[] = ["telegram", "whatsapp", "instagram"];

/**
 * The demo's "write as a customer": shown only while at least one messenger is `npm start`'s local
 * stand-in. The stand-in delivers the message to our webhook the way the platform would, so it goes
 * through the real ingest and the assistant answers in the inbox.
 */
export function DemoCustomerCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation("channels");
  const states = {
    telegram: useQuery(channelQueries.telegram(accountId)).data,
    whatsapp: useQuery(channelQueries.whatsapp(accountId)).data,
    instagram: useQuery(channelQueries.instagram(accountId)).data,
  };
  const demo = KINDS.filter((k) => states[k]?.demo);
  const ready = demo.filter((k) => states[k]?.connected && states[k]?.enabled);
  const [picked, setPicked] = useState<ChannelKind | null>(null);
  const platform = picked && ready.includes(picked) ? picked : (ready[0] ?? null);
  const form = useDemoCustomerForm(accountId, platform);

  if (!demo.length) return null;
  return (
    <Card className="gap-0 border-dashed border-warning/60 pb-0 lg:col-span-2" data-testid="demo-customer">
      <DemoCustomerHeader />
      <CardContent className="pb-6">
        {!ready.length ? (
          <p className="rounded-md border border-dashed p-4 text-center text-[0.9375rem] text-muted-foreground" data-testid="demo-customer-empty">
            {t("simulator.empty")}
          </p>
        ) : (
          <form onSubmit={form.submit} noValidate className="grid gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
            <DemoChannelPicker demo={demo} ready={ready} value={platform} onChange={setPicked} />
            <div className="space-y-4">
              <DemoField id="demo-customer-name" label={t("simulator.name")} error={form.errors.name}>
                {(aria) => <Input {...aria} value={form.name} maxLength={80} onChange={(e) => form.setName(e.target.value)} />}
              </DemoField>
              <DemoField id="demo-customer-text" label={t("simulator.text")} error={form.errors.text}>
                {(aria) => <Textarea {...aria} rows={3} value={form.text} maxLength={1000} onChange={(e) => form.setText(e.target.value)} />}
              </DemoField>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" loading={form.sending} disabled={!platform}>
                  {!form.sending && <Send aria-hidden />}
                  {t("simulator.send")}
                </Button>
                <Button variant="outline" asChild>
                  <Link to={`/${accountId}/apps/chat`}>{t("simulator.openInbox")}</Link>
                </Button>
              </div>
              {form.sent && (
                <p role="status" className="text-[0.9375rem] text-success" data-testid="demo-customer-sent">
                  {form.sent}
                </p>
              )}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** The customer's name and message, checked here, sent through the stand-in of the picked messenger. */
function useDemoCustomerForm(accountId: string, platform: ChannelKind | null) {
  const { t } = useTranslation("channels");
  const [name, setName] = useState(() => t("simulator.defaultName"));
  const [text, setText] = useState(() => t("simulator.defaultText"));
  const [errors, setErrors] = useState<{ name?: string; text?: string }>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = { name: name.trim() ? undefined : t("simulator.nameRequired"), text: text.trim() ? undefined : t("simulator.textRequired") };
    setErrors(next);
    if (next.name || next.text || !platform) return;
    setSending(true);
    try {
      await channelApi.sendAsDemoCustomer({ accountId, platform, name: name.trim(), text: text.trim() });
      const message = t("simulator.sent", { name: name.trim(), channel: t(`${platform}.title`) });
      setSent(message);
      notify({ type: "success", message });
    } catch {
      setSent(null); // the API client has shown why
    } finally {
      setSending(false);
    }
  };
  return { name, setName, text, setText, errors, sending, sent, submit };
}

function DemoCustomerHeader() {
  const { t } = useTranslation("channels");
  return (
    <CardHeader className="grid-cols-[auto_1fr] gap-x-4 gap-y-0 pb-5">
      <span className="row-span-2 flex size-11 items-center justify-center rounded-md bg-warning/15 text-warning" aria-hidden>
        <MessagesSquare className="size-6" />
      </span>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <CardTitle>{t("simulator.title")}</CardTitle>
        <Badge variant="warning">
          <FlaskConical aria-hidden />
          {t("simulator.badge")}
        </Badge>
      </div>
      <CardDescription className="mt-1">{t("simulator.description")}</CardDescription>
    </CardHeader>
  );
}

/** Which demo messenger the customer writes through; one that is off or not connected is shown but disabled. */
function DemoChannelPicker({ demo, ready, value, onChange }: { demo: ChannelKind[]; ready: ChannelKind[]; value: ChannelKind | null; onChange: (k: ChannelKind) => void }) {
  const { t } = useTranslation("channels");
  return (
    <div className="space-y-1.5">
      <Label id="demo-customer-channel">{t("simulator.channel")}</Label>
      <RadioGroupPrimitive.Root value={value ?? ""} onValueChange={(v) => onChange(v as ChannelKind)} aria-labelledby="demo-customer-channel" className="grid gap-2">
        {demo.map((k) => {
          const on = ready.includes(k);
          return (
            <RadioGroupPrimitive.Item
              key={k}
              value={k}
              disabled={!on}
              data-testid={`demo-customer-${k}`}
              className={cn(
                "flex items-center gap-3 rounded-md border bg-card px-3 py-2 text-start transition-colors outline-none",
                "hover:bg-muted/60 focus-visible:ring-3 focus-visible:ring-primary/30 disabled:cursor-not-allowed disabled:opacity-55",
                "data-[state=checked]:border-primary data-[state=checked]:bg-primary/8",
              )}
            >
              <PlatformTile kind={k} className="size-8 [&_svg]:size-5" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-heading">{t(`${k}.title`)}</span>
                {!on && <span className="block text-[0.8125rem] text-muted-foreground">{t("simulator.notConnected")}</span>}
              </span>
              <span className="size-[1.125rem] shrink-0 rounded-full border-2 border-input in-data-[state=checked]:border-[5px] in-data-[state=checked]:border-primary" aria-hidden />
            </RadioGroupPrimitive.Item>
          );
        })}
      </RadioGroupPrimitive.Root>
    </div>
  );
}

type FieldAria = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

/** A labelled input of the form with its message under it; the control gets the id and the aria wiring. */
function DemoField({ id, label, error, children }: { id: string; label: string; error?: string; children: (aria: FieldAria) => React.ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className={cn(error && "text-destructive")}>
        {label}
      </Label>
      {children({ id, "aria-invalid": !!error, "aria-describedby": error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="text-[0.8125rem] text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
