import { useState, type BaseSyntheticEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { FieldPath } from "react-hook-form";
import { filterKey, readyFilter } from "@/features/audience/filter-model";
import { isApiError, serverText } from "@/lib/api";
import { confirm } from "@/lib/confirm";
import { formatNumber } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { formatWallTime, useAccountTimeZone, zoneName } from "./account-time";
import { broadcastApi, broadcastKeys, broadcastQueries, type Broadcast } from "./api";
import { composerBody, type ComposerInput, type ComposerValues } from "./composer-schema";
import type { ComposerForm } from "./components/composer/form-types";

/** The server's field names (the API body's paths) as the composer's fields. */
export function formFieldOf(path: string): FieldPath<ComposerInput> | null {
  const p = path.replace(/^content\./, "").replace(/^pacing\./, "").replace(/^audience\.segmentId$/, "segmentId");
  if (/^(name|channelId|text|segmentId|perSecond|minDelaySec|maxDelaySec|at)$/.test(p)) return p as FieldPath<ComposerInput>;
  if (/^buttons\.\d+\.(label|url)$/.test(p)) return p as FieldPath<ComposerInput>;
  if (p.startsWith("media")) return "media";
  if (p.startsWith("audience") || p.startsWith("filter")) return "filter";
  return null;
}

type Busy = "draft" | "test" | "start" | null;

/** Why a start cannot go ahead for want of recipients: the sentence to show, with the way to buy a package. */
export interface QuotaShortage {
  message: string;
}

/**
 * What the composer knows of the chosen channel before asking the server: `none` (no messenger is
 * connected), `unchosen` (none picked among the connected ones), `ok` (picked, or not known yet:
 * the server decides).
 */
export type ChannelGap = "ok" | "none" | "unchosen";

/**
 * The composer's three buttons: save the draft (create, then patch), send a test to the user's own
 * test contact (saved first), and start — saved first, then confirmed with the recipient count on
 * the broadcast's channel and what is left to send to (the plan's and the packages'). An audience
 * beyond what is left is not offered to start: the draft is saved and `shortage` says so, with the
 * way to buy a package (as does the server's refusal over quota, should the figures change in
 * between). Other refusals land on the fields, or as the server's sentence. A draft is saved with
 * or without a channel; the test and start need one, so without it they stop at once with the
 * reason on the channel field (which the form scrolls to), together with the other fields' errors.
 */
export function useComposerActions(accountId: string, initial: Broadcast | null, form: ComposerForm, platform: string | undefined, channelGap: ChannelGap = "ok") {
  const { t } = useTranslation("broadcasts");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<Broadcast | null>(initial);
  const [busy, setBusy] = useState<Busy>(null);
  const [shortage, setShortage] = useState<QuotaShortage | null>(null);
  const { timeZone } = useAccountTimeZone(accountId);

  const fail = (e: unknown) => {
    if (isApiError(e) && e.code === "QUOTA_EXCEEDED") {
      // The figures changed since the count (another broadcast started): the badge reads them again.
      void qc.invalidateQueries({ queryKey: broadcastKeys.quota(accountId) });
      return setShortage({ message: e.message });
    }
    if (isApiError(e)) {
      let placed = false;
      for (const [path, message] of Object.entries(e.fieldErrors())) {
        const name = formFieldOf(path);
        if (name) form.setError(name, { type: "server", message }, { shouldFocus: !placed });
        placed ||= !!name;
      }
      if (placed) return;
    }
    notify({ type: "error", message: e instanceof Error && e.message ? e.message : t("toasts.saveFailed") });
  };

  const save = async (v: ComposerValues): Promise<Broadcast> => {
    const body = composerBody(v, platform);
    const b = saved ? await broadcastApi.update(accountId, saved.broadcastId, body) : await broadcastApi.create(accountId, body);
    setSaved(b);
    qc.setQueryData(broadcastKeys.detail(accountId, b.broadcastId), b);
    void qc.invalidateQueries({ queryKey: broadcastKeys.all(accountId), refetchType: "none" });
    // The address becomes the draft's (a reload opens it), without a route change: remounting the
    // composer would drop what is not part of a draft (when to send).
    if (!saved) window.history.replaceState(window.history.state, "", `/${accountId}/broadcasts/${b.broadcastId}/edit`);
    return b;
  };

  /**
   * Why this action cannot go out through the form's channel, or null. The test send only renders
   * for the channel's platform into the user's own test chat, so a draft's channel that is not
   * connected (any more) does for it; starting needs the channel connected.
   */
  const channelRefusal = (kind: Exclude<Busy, null>): string | null => {
    if (kind === "draft" || channelGap === "ok" || (kind === "test" && form.getValues("channelId"))) return null;
    if (channelGap === "unchosen") return t("composer.errors.channel");
    return t(kind === "test" ? "composer.errors.noChannel.test" : form.getValues("scheduleMode") === "later" ? "composer.errors.noChannel.schedule" : "composer.errors.noChannel.start");
  };

  const step =
    (kind: Exclude<Busy, null>, fn: (v: ComposerValues) => Promise<unknown>) =>
    (e?: BaseSyntheticEvent) => {
      const refusal = channelRefusal(kind);
      const refuse = (focus: boolean) => refusal && form.setError("channelId", { type: "channel", message: refusal }, { shouldFocus: focus });
      return form.handleSubmit(
        async (v) => {
          if (refusal) return void refuse(true);
          setBusy(kind);
          try {
            await fn(v);
          } catch (e) {
            fail(e);
          } finally {
            setBusy(null);
          }
        },
        // Other fields are wrong too: the channel's reason shows with theirs, and the form focuses the first of them.
        () => void refuse(false),
      )(e);
    };

  /** The audience counted on the broadcast's channel, as start will count it, and the quota left. */
  const reach = (v: ComposerValues) =>
    qc.fetchQuery(broadcastQueries.channelAudience(accountId, v.channelId, v.audienceMode === "segment" ? { segmentId: v.segmentId } : { filter: filterKey(readyFilter(v.filter)) })).catch(() => null);

  const saveDraft = step("draft", async (v) => {
    await save(v);
    form.reset(form.getValues());
    notify({ type: "success", message: t("toasts.draftSaved") });
  });

  const sendTest = step("test", async (v) => {
    const b = await save(v);
    form.reset(form.getValues());
    const r = await broadcastApi.test(accountId, b.broadcastId);
    notify({ type: "success", message: serverText(r.message, t("toasts.testSent")) });
  });

  const start = step("start", async (v) => {
    const r = await reach(v);
    const count = r?.count ?? null;
    const later = v.scheduleMode === "later";
    const left = r ? { available: formatNumber(r.quotaRemaining), plan: formatNumber(r.planRemaining), packages: formatNumber(r.packagesRemaining) } : null;
    if (r && left && count !== null && count > r.quotaRemaining) {
      // Not enough recipients: the draft is kept, and the dialog offers a package instead of a start the server would refuse.
      await save(v);
      form.reset(form.getValues());
      return setShortage({ message: t("shortage.text", { count, formatted: formatNumber(count), ...left }) });
    }
    const message = [
      count === null ? t("confirm.startCountUnknown") : t("confirm.startCount", { count, formatted: formatNumber(count) }),
      r && left ? t("confirm.startQuota", { count: r.quotaRemaining, formatted: left.available, plan: left.plan, packages: left.packages }) : null,
      // The time as entered, in the format of the broadcast's pages, with the zone the server reads it in.
      later ? t("confirm.startAt", { at: formatWallTime(v.at), zone: zoneName(timeZone) }) : null,
    ]
      .filter(Boolean)
      .join(" ");
    if (!(await confirm({ title: later ? t("confirm.scheduleTitle") : t("confirm.startTitle"), message, confirmText: later ? t("confirm.scheduleOk") : t("confirm.startOk") }))) return;
    const b = await save(v);
    form.reset(form.getValues());
    await broadcastApi.start(accountId, b.broadcastId, later ? v.at : undefined);
    await Promise.all([qc.invalidateQueries({ queryKey: broadcastKeys.all(accountId) }), qc.invalidateQueries({ queryKey: broadcastKeys.quota(accountId) })]);
    notify({ type: "success", message: later ? t("toasts.scheduled") : t("toasts.started") });
    navigate(`/${accountId}/broadcasts/${b.broadcastId}`);
  });

  return { saved, busy, saveDraft, sendTest, start, shortage, closeShortage: () => setShortage(null) };
}
