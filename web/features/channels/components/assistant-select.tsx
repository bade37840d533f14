import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Bot } from "lucide-react";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { channelQueries } from "../api";

const NONE = "__none";

export interface AssistantSelectProps {
  accountId: string;
  id: string;
  /** null = no assistant (new threads start with the AI off); undefined = the default (the first). */
  value: string | null | undefined;
  onChange: (assistantId: string | null) => void;
  disabled?: boolean;
}

/** Which assistant answers on a channel. Lists the account's assistants, oldest (the default) first. */
export function AssistantSelect({ accountId, id, value, onChange, disabled }: AssistantSelectProps) {
  const { t } = useTranslation("channels");
  const ability = useAbility();
  const assistants = useQuery({ ...channelQueries.assistants(accountId), enabled: ability.can("read", "Assistant") });
  if (assistants.isPending && assistants.fetchStatus !== "idle") return <Skeleton className="h-9.5 w-full" />;
  const list = assistants.data ?? [];
  const shown = value === undefined ? (list[0]?.assistantId ?? null) : value;
  const known = shown && list.some((a) => a.assistantId === shown);
  return (
    <div className="space-y-1.5">
      <Select value={shown ? shown : NONE} onValueChange={(v) => onChange(v === NONE ? null : v)} disabled={disabled}>
        <SelectTrigger id={id} data-testid={id}>
          {/* A long assistant name is cut with an ellipsis instead of pushing the card wider on a phone. */}
          <span className="flex min-w-0 flex-1 overflow-hidden *:flex *:min-w-0">
            <SelectValue />
          </span>
        </SelectTrigger>
        <SelectContent>
          {list.map((a, i) => (
            <SelectItem key={a.assistantId} value={a.assistantId}>
              <span className="flex min-w-0 items-center gap-2">
                <Bot className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="truncate">{a.name}</span>
                {i === 0 && <span className="shrink-0 text-muted-foreground">· {t("assistant.default")}</span>}
              </span>
            </SelectItem>
          ))}
          {shown && !known && <SelectItem value={shown}>{t("assistant.unknown")}</SelectItem>}
          <SelectItem value={NONE}>{t("assistant.none")}</SelectItem>
        </SelectContent>
      </Select>
      {assistants.isSuccess && list.length === 0 && (
        <p className="text-[0.8125rem] text-muted-foreground">
          {t("assistant.empty")}{" "}
          <Link to={`/${accountId}/assistants`} className="font-medium text-primary hover:underline">
            {t("assistant.create")}
          </Link>
        </p>
      )}
    </div>
  );
}

/** The labelled "which assistant answers" field of a channel card. */
export function AssistantField(props: AssistantSelectProps) {
  const { t } = useTranslation("channels");
  return (
    <div className="space-y-1.5">
      <Label htmlFor={props.id}>{t("assistant.label")}</Label>
      <AssistantSelect {...props} />
    </div>
  );
}
