import { randomBytes } from "node:crypto";
import { type FakeHandler, type FakeState, json } from "./index";

/**
 * Fake Green API gateway (PROTOCOLS.md): `{base}/waInstance{id}/{method}/{token}`, the partner API
 * (`/partner/createInstance/{partnerToken}`, `/partner/deleteInstanceAccount/{partnerToken}`), file
 * downloads at `/download/{name}`. It keeps each instance's state and settings; control endpoints:
 * `POST /__deliver { idInstance, body }` calls the instance's webhook with its Bearer token,
 * `POST /__state { idInstance, stateInstance }` changes the state and sends `stateInstanceChanged`.
 * Opt-in for `npm start`'s demo: `data.autoAuthorizeMs` authorizes an instance that long after its
 * first QR or pairing-code request (a person "scanned" it), `data.qrPng` is the QR image served.
 */
export const GREEN_PARTNER_TOKEN = "test-green-partner-token";

interface Instance {
  id: string;
  token: string;
  state: string;
  settings: Record<string, unknown>;
  wid: string;
  sent: number;
  authorizing?: boolean;
}

function instances(state: FakeState): Map<string, Instance> {
  return ((state.data.instances as Map<string, Instance>) ??= new Map());
}

export function greenInstance(state: FakeState, id: string, token?: string): Instance {
  const m = instances(state);
  let i = m.get(id);
  if (!i) m.set(id, (i = { id, token: token ?? randomBytes(20).toString("hex"), state: "notAuthorized", settings: {}, wid: "79990001122@c.us", sent: 0 }));
  return i;
}

// A 1×1 PNG: what a QR image looks like on the wire (base64).
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export async function deliverGreen(inst: Instance, body: unknown): Promise<{ status: number; body: string }> {
  const url = String(inst.settings.webhookUrl ?? "");
  if (!url) return { status: 0, body: "no webhookUrl" };
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (inst.settings.webhookUrlToken) headers.authorization = `Bearer ${inst.settings.webhookUrlToken}`;
  const r = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: r.status, body: await r.text() };
}

function stateChanged(inst: Instance) {
  return {
    typeWebhook: "stateInstanceChanged",
    instanceData: { idInstance: Number(inst.id), wid: inst.wid, typeInstance: "whatsapp" },
    timestamp: Math.floor(Date.now() / 1000),
    stateInstance: inst.state,
  };
}

function autoAuthorize(state: FakeState, inst: Instance) {
  const ms = state.data.autoAuthorizeMs as number | undefined;
  if (!ms || inst.state === "authorized" || inst.authorizing) return;
  inst.authorizing = true;
  const t = setTimeout(() => {
    inst.authorizing = false;
    inst.state = "authorized";
    deliverGreen(inst, stateChanged(inst)).catch(() => undefined);
  }, ms);
  t.unref?.();
}

export const greenHandler: FakeHandler = async (req, res, state) => {
  const url = new URL(req.path, "http://fake");
  const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
  if (url.pathname === "/__deliver" && req.method === "POST") {
    const inst = greenInstance(state, String(body.idInstance));
    return json(res, 200, await deliverGreen(inst, body.body));
  }
  if (url.pathname === "/__state" && req.method === "POST") {
    const inst = greenInstance(state, String(body.idInstance));
    inst.state = String(body.stateInstance);
    const r = await deliverGreen(inst, stateChanged(inst));
    return json(res, 200, r);
  }
  const dl = /^\/download\/(.+)$/.exec(url.pathname);
  if (dl) {
    res.writeHead(200, { "content-type": "image/jpeg" });
    { res.end(`green-file:${decodeURIComponent(dl[1]!)}`); return; }
  }
  const partner = /^\/partner\/(createInstance|deleteInstanceAccount)\/([^/]+)$/.exec(url.pathname);
  if (partner) {
    if (partner[2] !== GREEN_PARTNER_TOKEN) return json(res, 401, { message: "Unauthorized partner token" });
    if (partner[1] === "createInstance") {
      const n = ((state.data.nextInstance as number | undefined) ?? 1101000000) + 1;
      state.data.nextInstance = n;
      const inst = greenInstance(state, String(n));
      return json(res, 200, { idInstance: n, apiTokenInstance: inst.token, typeInstance: "whatsapp" });
    }
    instances(state).delete(String(body.idInstance));
    return json(res, 200, { deleteInstanceAccount: true });
  }
  const m = /^\/waInstance(\d+)\/(\w+)\/([^/]+)$/.exec(url.pathname);
  if (!m) return json(res, 404, { message: "not found" });
  const [, id, method, token] = m as unknown as [string, string, string, string];
  // An unknown instance id is adopted with the first token used (an instance made in the Green API console).
  const known = instances(state).has(id);
  const inst = greenInstance(state, id, known ? undefined : token);
  if (inst.token !== token) return json(res, 401, { message: "Unauthorized" });
  switch (method) {
    case "getStateInstance":
      return json(res, 200, { stateInstance: inst.state });
    case "qr":
      if (inst.state === "authorized") return json(res, 200, { type: "alreadyLogged", message: "instance account already authorized" });
      autoAuthorize(state, inst);
      return json(res, 200, { type: "qrCode", message: (state.data.qrPng as string | undefined) ?? PNG_1PX });
    case "getAuthorizationCode":
      if (!/^\d{7,15}$/.test(String(body.phoneNumber ?? ""))) return json(res, 400, { message: "phoneNumber is invalid" });
      autoAuthorize(state, inst);
      return json(res, 200, { status: true, code: "ABCD1234" });
    case "reboot":
      inst.state = "starting";
      return json(res, 200, { isReboot: true });
    case "logout":
      inst.state = "notAuthorized";
      return json(res, 200, { isLogout: true });
    case "setSettings":
      inst.settings = { ...inst.settings, ...body };
      return json(res, 200, { saveSettings: true });
    case "getSettings":
      return json(res, 200, { wid: inst.wid, delaySendMessagesMilliseconds: 1000, markIncomingMessagesReaded: "no", markIncomingMessagesReadedOnReply: "no", keepOnlineStatus: "no", ...inst.settings });
    case "sendMessage":
    case "sendFileByUpload":
    case "sendFileByUrl": {
      if (method === "sendMessage" && (!body.chatId || !body.message)) return json(res, 400, { message: "chatId and message are required" });
      inst.sent++;
      return json(res, 200, { idMessage: `BAE5${id.slice(-4)}${String(inst.sent).padStart(8, "0")}` });
    }
    default:
      return json(res, 404, { message: `unknown method ${method}` });
  }
};

/** A realistic incoming text webhook. */
export function waIncomingText(idInstance: string, idMessage: string, phone: string, text: string, opts: { timestamp?: number; senderName?: string } = {}) {
  return {
    typeWebhook: "incomingMessageReceived",
    instanceData: { idInstance: Number(idInstance), wid: "79990001122@c.us", typeInstance: "whatsapp" },
    timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
    idMessage,
    senderData: { chatId: `${phone}@c.us`, chatName: opts.senderName ?? "Мария", sender: `${phone}@c.us`, senderName: opts.senderName ?? "Мария", senderContactName: "" },
    messageData: { typeMessage: "textMessage", textMessageData: { textMessage: text } },
  };
}
