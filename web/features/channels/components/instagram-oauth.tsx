import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { AlertCircle, Check, TimerOff, X } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { ListSkeleton } from "@/components/list-skeleton";
import { QueryView } from "@/components/query-view";
import { ApiError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { channelApi, channelQueries, type InstagramState } from "../api";
import { AssistantSelect } from "./assistant-select";

const ERROR_CODES = new Set(["cancelled", "expired", "session", "exchange", "no_accounts", "unavailable"]);

/**
 * Sends the browser to Meta's login dialog (the server answers its URL with a signed state);
 * `starting` stays on until the page leaves, a failure is said and lets the button be pressed again.
 */
function useStartLogin(accountId: string) {
  const { t } = useTranslation("channels");
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      const { url } = await channelApi.startInstagramOauth(accountId);
      window.location.assign(url);
    } catch (e) {
      setStarting(false);
      notify({ type: "error", message: e instanceof ApiError ? e.body.message : t("common.network") });
    }
  };
  return { start, starting };
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4.5" fill="currentColor">
      <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
    </svg>
  );
}

/**
 * "Continue with Facebook" above the manual form, and what came back from Meta's dialog when it did
 * not work (`?instagram_error=`). Without META_APP_ID / META_APP_SECRET on the server it says so.
 */
export function InstagramOauthEntry({ accountId, error, onDismissError }: { accountId: string; error: string | null; onDismissError: () => void }) {
  const { t } = useTranslation("channels");
  const availability = useQuery(channelQueries.instagramOauth(accountId));
  const { start, starting } = useStartLogin(accountId);
  const available = availability.data?.available === true;

  return (
    <div className="space-y-3" data-testid="instagram-oauth">
      {error && (
        <Alert variant="destructive" data-testid="instagram-oauth-error" className="pe-10">
          <AlertCircle aria-hidden />
          <AlertTitle className="font-semibold">{t("instagram.oauth.errorTitle")}</AlertTitle>
          <AlertDescription>{t(`instagram.oauth.errors.${ERROR_CODES.has(error) ? error : "unknown"}`)}</AlertDescription>
          <button type="button" onClick={onDismissError} className="absolute end-2 top-2 rounded-sm p-1 opacity-70 hover:opacity-100 focus-visible:ring-3 focus-visible:ring-destructive/30 focus-visible:outline-none" aria-label={t("instagram.oauth.dismiss")}>
            <X className="size-4" aria-hidden />
          </button>
        </Alert>
      )}
      {availability.isPending ? (
        <Skeleton className="h-9.5 w-56" />
      ) : (
        <>
          <p className="text-[0.9375rem] text-muted-foreground">{available ? t("instagram.oauth.intro") : t("instagram.oauth.unavailable")}</p>
          <Button type="button" onClick={start} loading={starting} disabled={!available} className="bg-[#166FE5] text-white shadow-none hover:bg-[#1464D1] active:bg-[#1259BB]">
            {!starting && <FacebookMark />}
            {t("instagram.oauth.button")}
          </Button>
        </>
      )}
      <div className="flex items-center gap-3 pt-1 text-[0.8125rem] text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {t("instagram.oauth.or")}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}

type PickProps = { accountId: string; pickId: string; withAssistant?: boolean; onDone: (s: InstagramState) => void };

/** The pick's state: the candidates, the one chosen (the only one by default), the assistant, connecting. */
function useInstagramPick({ accountId, pickId, withAssistant, onDone }: PickProps) {
  const { t } = useTranslation("channels");
  const pick = useQuery(channelQueries.instagramPick(accountId, pickId));
  const [chosen, setChosen] = useState<string | null>(null);
  const [assistantId, setAssistantId] = useState<string | null | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const accounts = pick.data?.accounts ?? [];
  const selected = chosen ?? (accounts.length === 1 ? accounts[0]!.instagramId : null);

  const connect = async () => {
    if (!selected) return setFieldError(t("instagram.oauth.pick.required"));
    setSubmitting(true);
    try {
      const next = await channelApi.connectInstagramOauth(accountId, { pickId, instagramId: selected, ...(withAssistant && assistantId !== undefined ? { assistantId } : {}) });
      notify({ type: "success", message: t("instagram.connected", { account: next.username ? `@${next.username}` : next.instagramAccountId }) });
      onDone(next);
    } catch (e) {
      if (e instanceof ApiError && e.status === 410) await pick.refetch();
      else if (e instanceof ApiError && e.fieldErrors().instagramId) setFieldError(e.fieldErrors().instagramId!);
      else notify({ type: "error", message: e instanceof ApiError ? e.body.message : t("common.network") });
    } finally {
      setSubmitting(false);
    }
  };
  const choose = (instagramId: string) => {
    setChosen(instagramId);
    setFieldError(null);
  };
  const gone = pick.error instanceof ApiError && (pick.error.status === 410 || pick.error.status === 404) ? pick.error.status : null;
  return { pick, accounts, selected, choose, assistantId, setAssistantId, fieldError, connect, submitting, gone };
}

/** After Meta's dialog (`?instagram=<pickId>`): the Instagram accounts found, one to pick and connect. */
export function InstagramPickDialog({ onClose, ...props }: PickProps & { onClose: () => void }) {
  const { t } = useTranslation("channels");
  const state = useInstagramPick(props);
  const { pick, gone } = state;
  const login = useStartLogin(props.accountId);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg" data-testid="instagram-pick-dialog">
        <DialogHeader>
          <DialogTitle>{t("instagram.oauth.pick.title")}</DialogTitle>
          <DialogDescription>{t("instagram.oauth.pick.description")}</DialogDescription>
        </DialogHeader>
        <QueryView
          query={pick}
          loading={<ListSkeleton count={2} className="space-y-2.5" rowClassName="flex items-center gap-3 rounded-md border p-3" label={t("instagram.oauth.pick.loading")} lead="size-10 rounded-full" lines={["h-4 w-32", "h-3.5 w-48"]} />}
          error={
            <Alert variant={gone ? "warning" : "destructive"} role="alert">
              {gone ? <TimerOff aria-hidden /> : <AlertCircle aria-hidden />}
              <AlertDescription>
                {gone === 410 ? t("instagram.oauth.pick.expired") : gone === 404 ? t("instagram.oauth.pick.notFound") : pick.error instanceof ApiError ? pick.error.body.message : t("common.network")}
              </AlertDescription>
            </Alert>
          }
        >
          {() => (
            <div className="space-y-4">
              <div role="radiogroup" aria-label={t("instagram.oauth.pick.list")} aria-invalid={!!state.fieldError} className="space-y-2.5">
                {state.accounts.map((a) => (
                  <Candidate key={a.instagramId} candidate={a} on={state.selected === a.instagramId} onChoose={() => state.choose(a.instagramId)} />
                ))}
              </div>
              {state.fieldError && (
                <p className="text-[0.8125rem] text-destructive" role="alert">
                  {state.fieldError}
                </p>
              )}
              {props.withAssistant && (
                <div className="space-y-1.5">
                  <Label htmlFor="instagram-oauth-assistant">{t("assistant.label")}</Label>
                  <AssistantSelect accountId={props.accountId} id="instagram-oauth-assistant" value={state.assistantId} onChange={state.setAssistantId} />
                </div>
              )}
            </div>
          )}
        </QueryView>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          {gone ? (
            <Button onClick={login.start} loading={login.starting}>
              {t("instagram.oauth.pick.retry")}
            </Button>
          ) : (
            <Button onClick={state.connect} loading={state.submitting} disabled={!pick.isSuccess}>
              {t("instagram.oauth.pick.submit")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type PickCandidate = NonNullable<ReturnType<typeof useInstagramPick>["accounts"]>[number];

/** One Instagram account found: picture, @username and its Facebook page, a radio mark. */
function Candidate({ candidate: a, on, onChoose }: { candidate: PickCandidate; on: boolean; onChoose: () => void }) {
  const { t } = useTranslation("channels");
  const name = a.username ? `@${a.username}` : t("instagram.oauth.pick.noUsername", { id: a.instagramId });
  return (
    <button
      type="button"
      role="radio"
      aria-checked={on}
      data-testid={`instagram-candidate-${a.instagramId}`}
      onClick={onChoose}
      className={cn(
        "flex w-full cursor-pointer items-center gap-3 rounded-md border p-3 text-start transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30",
        on ? "border-primary bg-primary/8 dark:bg-primary/15" : "border-border hover:bg-muted/60 dark:hover:bg-white/4",
      )}
    >
      <Avatar className="size-10">
        {a.pictureUrl && <AvatarImage src={a.pictureUrl} alt="" referrerPolicy="no-referrer" />}
        <AvatarFallback>{(a.username ?? a.pageName ?? "IG").slice(0, 2)}</AvatarFallback>
      </Avatar>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-heading">{name}</span>
        {a.pageName && <span className="block truncate text-[0.8125rem] text-muted-foreground">{t("instagram.oauth.pick.page", { name: a.pageName })}</span>}
      </span>
      <span className={cn("flex size-5 shrink-0 items-center justify-center rounded-full border-2", on ? "border-primary bg-primary text-primary-foreground" : "border-input")} aria-hidden>
        {on && <Check className="size-3" strokeWidth={3} />}
      </span>
    </button>
  );
}
