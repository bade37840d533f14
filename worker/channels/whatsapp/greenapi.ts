import { type DeliveryUpdate, type InboundEvent, type OutgoingPayload, SendError, sendErrorFor } from "../types";

/**
 * Green API (WhatsApp gateway) adapter. Every call: `{apiUrl}/waInstance{idInstance}/{method}/{apiTokenInstance}`;
 * the partner API creates and deletes instances.
 */
export interface GreenCredentials {
  idInstance: string;
  apiTokenInstance: string;
  apiUrl: string;
}

export const WA_STATES = ["notAuthorized", "authorized", "blocked", "starting", "yellowCard", "sleepMode"] as const;

async function request<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (e) {
    throw new SendError(`Шлюз WhatsApp недоступен: ${(e as Error).message}`, "transient", undefined, undefined, "UNCERTAIN");
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const ra = Number(res.headers.get("retry-after"));
    const msg = typeof data === "object" && data && "message" in data ? String((data as { message: unknown }).message) : String(text).slice(0, 200);
    throw sendErrorFor(res.status, msg || `HTTP ${res.status}`, Number.isFinite(ra) && ra > 0 ? ra : undefined);
  }
  return data as T;
}

export class GreenApiClient {
  constructor(private readonly creds: GreenCredentials) {}

  private url(method: string) {
    return `${this.creds.apiUrl.replace(/\/$/, "")}/waInstance${this.creds.idInstance}/${method}/${this.creds.apiTokenInstance}`;
  }
  get<T>(method: string) {
    return request<T>(this.url(method), { method: "GET" });
  }
  post<T>(method: string, body: unknown) {
    return request<T>(this.url(method), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  }

  getStateInstance() {
    return this.get<{ stateInstance: string }>("getStateInstance");
  }
  qr() {
    return this.get<{ type: "qrCode" | "alreadyLogged" | "error"; message: string }>("qr");
  }
  getAuthorizationCode(phoneNumber: string) {
    return this.post<{ status: boolean; code?: string }>("getAuthorizationCode", { phoneNumber: Number(phoneNumber) });
  }
  reboot() {
    return this.get<{ isReboot: boolean }>("reboot");
  }
  logout() {
    return this.get<{ isLogout: boolean }>("logout");
  }
  getSettings() {
    return this.get<Record<string, unknown>>("getSettings");
  }
  setSettings(settings: Record<string, unknown>) {
    return this.post<{ saveSettings: boolean }>("setSettings", settings);
  }

  async send(chatId: string, payload: OutgoingPayload): Promise<{ platformMessageId: string }> {
    if (payload.file) {
      const form = new FormData();
      form.set("chatId", chatId);
      form.set("fileName", payload.file.fileName);
      if (payload.content) form.set("caption", payload.content);
      form.set("file", new File([payload.file.bytes], payload.file.fileName, { type: payload.file.mimeType }));
      const r = await request<{ idMessage: string }>(this.url("sendFileByUpload"), { method: "POST", body: form });
      return { platformMessageId: r.idMessage };
    }
    const r = await this.post<{ idMessage: string }>("sendMessage", { chatId, message: payload.content });
    return { platformMessageId: r.idMessage };
  }
}

/** Partner API: create and delete instances with the partner token. */
export async function createInstance(partnerApiUrl: string, partnerToken: string) {
  return request<{ idInstance: number | string; apiTokenInstance: string; typeInstance?: string }>(
    `${partnerApiUrl.replace(/\/$/, "")}/partner/createInstance/${partnerToken}`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({}) },
  );
}

export async function deleteInstance(partnerApiUrl: string, partnerToken: string, idInstance: string) {
  return request<{ deleteInstanceAccount: boolean }>(`${partnerApiUrl.replace(/\/$/, "")}/partner/deleteInstanceAccount/${partnerToken}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idInstance: Number(idInstance) }),
  });
}

interface WaSenderData {
  chatId: string;
  sender?: string;
  chatName?: string;
  senderName?: string;
  senderContactName?: string;
}

interface WaMessageData {
  typeMessage: string;
  textMessageData?: { textMessage: string };
  extendedTextMessageData?: { text: string };
  fileMessageData?: { downloadUrl: string; caption?: string; fileName?: string; mimeType?: string; jpegThumbnail?: string };
  contactMessageData?: { displayName?: string; vcard?: string };
  contactsArrayMessageData?: { contacts: { displayName?: string; vcard?: string }[] };
  locationMessageData?: { nameLocation?: string; address?: string; latitude: number; longitude: number };
  quotedMessage?: unknown;
}

export interface WaWebhook {
  typeWebhook: string;
  instanceData?: { idInstance: number | string; wid?: string; typeInstance?: string };
  timestamp?: number;
  idMessage?: string;
  senderData?: WaSenderData;
  messageData?: WaMessageData;
  chatId?: string;
  status?: string;
  stateInstance?: string;
  from?: string;
  description?: string;
  sendByApi?: boolean;
}

function vcardPhones(vcard?: string): string[] {
  if (!vcard) return [];
  const out: string[] = [];
  for (const line of vcard.split(/\r?\n/)) {
    const m = /^TEL[^:]*:(.+)$/i.exec(line.trim());
    if (m) out.push(m[1]!.trim());
  }
  return out;
}

const CALL_STATUSES = new Set(["pickUp", "hangUp", "missed", "declined"]);
const CALL_TEXT: Record<string, string> = { pickUp: "Принятый звонок", hangUp: "Звонок отклонён", missed: "Пропущенный звонок", declined: "Пропущенный звонок" };

/** Green API's `outgoingMessageStatus.status` → our delivery state. */
export function greenDeliveryState(s: string): DeliveryUpdate | null {
  return s === "sent" || s === "delivered" || s === "read" ? s : s === "failed" || s === "noAccount" || s === "notInGroup" ? "failed" : null;
}

/** Turns one Green API webhook into inbox events. */
export function parseGreenWebhook(w: WaWebhook, ctx: { accountId: string; channelId: string; idInstance: string; assistantId?: string | null }): InboundEvent {
  const createdAt = w.timestamp ? w.timestamp * 1000 : Date.now();
  switch (w.typeWebhook) {
    case "stateInstanceChanged": {
      if (!w.stateInstance) return { kind: "ignored", reason: "state without stateInstance" };
      const wid = w.instanceData?.wid;
      return { kind: "state", stateInstance: w.stateInstance, ...(wid ? { wid } : {}) };
    }
    case "outgoingMessageStatus": {
      if (!w.idMessage || !w.status) return { kind: "ignored", reason: "status without id" };
      const s = w.status;
      const status = greenDeliveryState(s);
      if (!status) return { kind: "ignored", reason: `status ${s}` };
      return { kind: "status", platformMessageId: w.idMessage, status, error: status === "failed" ? (w.description ?? s) : undefined };
    }
    case "outgoingAPIMessageReceived":
      // Our own send coming back: the message exists already.
      return { kind: "ignored", reason: "echo of an API send" };
    case "incomingCall": {
      if (!w.from || !w.idMessage || !w.status) return { kind: "ignored", reason: "call without caller" };
      if (!CALL_STATUSES.has(w.status)) return { kind: "ignored", reason: `call status ${w.status}` };
      if (!w.from.endsWith("@c.us")) return { kind: "ignored", reason: "group call" };
      return {
        kind: "message",
        item: {
          accountId: ctx.accountId,
          channelId: ctx.channelId,
          platform: "WHATSAPP",
          contact: { platformUserId: w.from, phone: "+" + w.from.split("@")[0], name: "" },
          thread: { kind: "dm", assistantId: ctx.assistantId ?? undefined },
          message: {
            type: "incomingCall",
            direction: "incoming",
            senderType: "contact",
            content: CALL_TEXT[w.status] ?? "Звонок",
            metadata: { status: w.status },
            platformMessageId: w.idMessage,
            dedupeKey: `wa:${ctx.idInstance}:${w.idMessage}:${w.status}`,
            createdAt,
          },
        },
      };
    }
    case "incomingMessageReceived":
    case "outgoingMessageReceived": {
      const sd = w.senderData;
      const md = w.messageData;
      if (!sd?.chatId || !md || !w.idMessage) return { kind: "ignored", reason: "message without sender or data" };
      if (!sd.chatId.endsWith("@c.us")) return { kind: "ignored", reason: "group or broadcast chat" };
      const outgoing = w.typeWebhook === "outgoingMessageReceived";
      const phone = "+" + sd.chatId.split("@")[0];
      const base = {
        accountId: ctx.accountId,
        channelId: ctx.channelId,
        platform: "WHATSAPP" as const,
        contact: { platformUserId: sd.chatId, phone, name: outgoing ? (sd.chatName ?? "") : (sd.senderName || sd.chatName || "") },
        thread: { kind: "dm" as const, assistantId: ctx.assistantId ?? undefined },
      };
      const msg = {
        direction: outgoing ? ("outgoing" as const) : ("incoming" as const),
        senderType: outgoing ? ("operator" as const) : ("contact" as const),
        platformMessageId: w.idMessage,
        dedupeKey: `wa:${ctx.idInstance}:${w.idMessage}`,
        createdAt,
        metadata: outgoing ? ({ fromPhone: true } as Record<string, unknown>) : ({} as Record<string, unknown>),
      };
      const ev = (message: Record<string, unknown>, media?: string): InboundEvent => ({
        kind: "message",
        item: { ...base, message: { ...msg, ...message } as never },
        media: media ? { kind: "url", url: media } : undefined,
        pauseAi: outgoing || undefined,
      });
      switch (md.typeMessage) {
        case "textMessage":
          return ev({ type: "text", content: md.textMessageData?.textMessage ?? "" });
        case "extendedTextMessage":
        case "quotedMessage":
          return ev({ type: "text", content: md.extendedTextMessageData?.text ?? md.textMessageData?.textMessage ?? "" });
        case "imageMessage":
        case "videoMessage":
        case "audioMessage":
        case "documentMessage":
        case "stickerMessage": {
          const f = md.fileMessageData;
          if (!f?.downloadUrl) return { kind: "ignored", reason: `${md.typeMessage} without file` };
          const type = md.typeMessage === "imageMessage" || md.typeMessage === "stickerMessage" ? "image" : md.typeMessage === "videoMessage" ? "video" : md.typeMessage === "audioMessage" ? "audio" : "document";
          return ev({ type, content: f.caption ?? "", fileName: f.fileName, mimeType: f.mimeType }, f.downloadUrl);
        }
        case "contactMessage":
        case "contactsArrayMessage": {
          const list = md.contactMessageData ? [md.contactMessageData] : (md.contactsArrayMessageData?.contacts ?? []);
          const contacts = list.map((c) => ({ name: c.displayName ?? "", tel: vcardPhones(c.vcard) }));
          return ev({ type: "contact", content: contacts.map((c) => `${c.name} ${c.tel.join(", ")}`.trim()).join("\n"), metadata: { ...msg.metadata, contacts } });
        }
        case "locationMessage":
        case "liveLocationMessage": {
          const l = md.locationMessageData;
          if (!l) return { kind: "ignored", reason: "location without data" };
          const place = [l.nameLocation, l.address].filter(Boolean).join(", ");
          return ev({ type: "text", content: `${place ? place + ". " : ""}Геопозиция: ${l.latitude}, ${l.longitude}`, metadata: { ...msg.metadata, location: { latitude: l.latitude, longitude: l.longitude } } });
        }
        default:
          return { kind: "ignored", reason: `unsupported typeMessage ${md.typeMessage}` };
      }
    }
    default:
      return { kind: "ignored", reason: `unsupported typeWebhook ${w.typeWebhook}` };
  }
}
