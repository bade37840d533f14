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
import { PlatformIcon } from "./platform-icon";

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
  const [name, setName] = useState(() => t("simulator.defaultName"));
  const [text, setText] = useState(() => t("simulator.defaultText"));
  const [errors, setErrors] = useState<{ name?: string; text?: string }>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  if (!demo.length) return null;
  const title = (k: ChannelKind) => t(`${k}.title`);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = { name: name.trim() ? undefined : t("simulator.nameRequired"), text: text.trim() ? undefined : t("simulator.textRequired") };
    setErrors(next);
    if (next.name || next.text || !platform) return;
    setSending(true);
    try {
      await channelApi.sendAsDemoCustomer({ accountId, platform, name: name.trim(), text: text.trim() });
      const message = t("simulator.sent", { name: name.trim(), channel: title(platform) });
      setSent(message);
      notify({ type: "success", message });
    } catch {
      setSent(null); // the API client has shown why
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className="gap-0 border-dashed border-warning/60 pb-0 lg:col-span-2" data-testid="demo-customer">
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
      <CardContent className="pb-6">
        {!ready.length ? (
          <p className="rounded-md border border-dashed p-4 text-center text-[0.9375rem] text-muted-foreground" data-testid="demo-customer-empty">
            {t("simulator.empty")}
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
            <div className="space-y-1.5">
              <Label id="demo-customer-channel">{t("simulator.channel")}</Label>
              <RadioGroupPrimitive.Root value={platform ?? ""} onValueChange={(v) => setPicked(v as ChannelKind)} aria-labelledby="demo-customer-channel" className="grid gap-2">
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
                      <PlatformIcon kind={k} className="size-8 [&_svg]:size-5" />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-heading">{title(k)}</span>
                        {!on && <span className="block text-[0.8125rem] text-muted-foreground">{t("simulator.notConnected")}</span>}
                      </span>
                      <span className="size-[1.125rem] shrink-0 rounded-full border-2 border-input in-data-[state=checked]:border-[5px] in-data-[state=checked]:border-primary" aria-hidden />
                    </RadioGroupPrimitive.Item>
                  );
                })}
              </RadioGroupPrimitive.Root>
            </div>
            <div className="space-y-4">
              <div className="space-y-1.5">
                <Label htmlFor="demo-customer-name" className={cn(errors.name && "text-destructive")}>
                  {t("simulator.name")}
                </Label>
                <Input id="demo-customer-name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name} aria-describedby={errors.name ? "demo-customer-name-error" : undefined} />
                {errors.name && (
                  <p id="demo-customer-name-error" className="text-[0.8125rem] text-destructive">
                    {errors.name}
                  </p>
                )}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="demo-customer-text" className={cn(errors.text && "text-destructive")}>
                  {t("simulator.text")}
                </Label>
                <Textarea id="demo-customer-text" rows={3} value={text} maxLength={1000} onChange={(e) => setText(e.target.value)} aria-invalid={!!errors.text} aria-describedby={errors.text ? "demo-customer-text-error" : undefined} />
                {errors.text && (
                  <p id="demo-customer-text-error" className="text-[0.8125rem] text-destructive">
                    {errors.text}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" loading={sending} disabled={!platform}>
                  {!sending && <Send aria-hidden />}
                  {t("simulator.send")}
                </Button>
                <Button variant="outline" asChild>
                  <Link to={`/${accountId}/apps/chat`}>{t("simulator.openInbox")}</Link>
                </Button>
              </div>
              {sent && (
                <p role="status" className="text-[0.9375rem] text-success" data-testid="demo-customer-sent">
                  {sent}
                </p>
              )}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
