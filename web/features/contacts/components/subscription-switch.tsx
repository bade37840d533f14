import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Switch } from "@/components/ui/switch";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { contactApi, contactKeys, type ContactProfile, type Subscription } from "../api";

/**
 * Whether broadcasts reach the contact, as a switch with what it means now (the contact card and
 * the chat's contact panel). Switching off unsubscribes at once (a customer asked to stop);
 * switching on asks first, since only the customer's consent makes a broadcast welcome. Test
 * contacts never get broadcasts: they only say so. Without the right to change it, the state alone.
 */
export function SubscriptionSwitch({ accountId, contact, className }: { accountId: string; contact: Pick<ContactProfile, "contactId" | "subscription" | "isTestContact">; className?: string }) {
  const { t } = useTranslation("contacts");
  const queryClient = useQueryClient();
  const ability = useAbility();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const canSet = ability.can("update", "Contact", "subscription");
  const on = contact.subscription === "subscribed";
  const switchable = canSet && !contact.isTestContact;

  const save = async (subscription: Subscription) => {
    setSaving(true);
    try {
      const r = await contactApi.setSubscription(accountId, contact.contactId, subscription);
      queryClient.setQueryData(contactKeys.detail(accountId, contact.contactId), (old) => (old ? { ...old, subscription: r.subscription } : old));
      void queryClient.invalidateQueries({ queryKey: contactKeys.all(accountId) });
      notify({ type: "success", message: serverText(r.message, i18n.t(`common:serverToasts.subscription.${r.subscription}`)) });
    } catch {
      // the API client has shown the reason
    } finally {
      setSaving(false);
    }
  };
  const toggle = async (next: boolean) => {
    if (!next) return save("unsubscribed");
    const ok = await confirm({ title: t("subscription.confirmTitle"), message: t("subscription.confirmMessage"), confirmText: t("subscription.confirmOk") });
    if (ok) await save("subscribed");
  };

  const state = contact.isTestContact ? t("subscription.test") : t(`subscription.state.${contact.subscription}`);
  return (
    <div className={cn("flex items-start justify-between gap-4 text-start", className)} data-testid="contact-subscription" data-state={contact.subscription} aria-busy={saving || undefined}>
      <div className="min-w-0">
        {switchable ? (
          <label htmlFor={id} className="text-[0.875rem] font-medium text-heading">
            {t("subscription.label")}
          </label>
        ) : (
          <p className="text-[0.875rem] font-medium text-heading">{t("subscription.label")}</p>
        )}
        <p id={`${id}-state`} className="text-[0.8125rem] text-muted-foreground" data-testid="contact-subscription-state">
          {state}
        </p>
      </div>
      {switchable && (
        <Switch
          id={id}
          className="mt-0.5"
          checked={on}
          disabled={saving}
          onCheckedChange={(v) => void toggle(v)}
          aria-describedby={`${id}-state`}
          data-testid="contact-subscription-switch"
        />
      )}
    </div>
  );
}
