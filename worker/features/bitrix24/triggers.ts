import { registerFlowAction } from "../flows/runtime/actions";
import { onWebhookEvents } from "../outgoing-webhooks/emit";
import { requestLead } from "./leads";

/**
 * When a lead is asked for (the settings' "when"): a new contact's first message and a hand-off
 * come from the events the inbox publishes (the same ones outgoing webhooks get), a flow's action
 * from the flows' action registry, the assistant's create_lead from worker/ai/tools.ts.
 */
onWebhookEvents(async (env, accountId, events) => {
  for (const e of events) {
    if (e.type === "contact.created") {
      const c = e.data as { contactId?: string };
      if (c.contactId) await requestLead(env, accountId, c.contactId, "firstMessage");
    } else if (e.type === "thread.handoff") {
      const m = e.data as { contactId?: string; threadId?: string };
      if (m.contactId) await requestLead(env, accountId, m.contactId, "handoff", m.threadId);
    }
  }
});

registerFlowAction("createLead", async (env, t) => {
  await requestLead(env, t.accountId, t.contactId, "flowAction", t.threadId);
});
