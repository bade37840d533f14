import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { AppBindings } from "../../env";
import { pageQuery, v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { getChannel } from "./channels.service";
import {
  commentParam,
  instagramConnectSchema,
  instagramSettingsSchema,
  instanceSettingsSchema,
  mediaParam,
  oauthConnectSchema,
  oauthPickParam,
  phoneCodeSchema,
  replySchema,
  telegramConnectSchema,
  toggleSchema,
  whatsappCreateSchema,
  whatsappSettingsSchema,
} from "./channels.schemas";
import { listComments, listPosts, replyToComment } from "./comments.service";
import { connectFromOauth, getOauthCandidates, metaOauthAvailable, NONCE_COOKIE, redirectUri, STATE_TTL_MS, startInstagramOauth } from "./instagram-oauth.service";
import { connectInstagram, disconnectInstagram, instagramState, toggleInstagram, updateInstagramSettings } from "./instagram.service";
import { connectTelegram, disconnectTelegram, telegramState, toggleTelegram } from "./telegram.service";
import {
  createWhatsappInstance,
  deleteWhatsapp,
  getInstanceSettings,
  putInstanceSettings,
  putWhatsappSettings,
  toggleWhatsapp,
  whatsappInstanceState,
  whatsappLogout,
  whatsappPhoneCode,
  whatsappQr,
  whatsappReboot,
  whatsappSettingsDto,
} from "./whatsapp.service";

const acc = (c: { req: { param: (k: "accountId") => string } }) => c.req.param("accountId");

/**
 * Mounted at /api/accounts: /:accountId/platform-telegram, /platform-whatsapp (SPEC §7.2),
 * /platform-instagram and /instagram-comments. Reading needs `read Channel`, changing `manage Channel`.
 */
export const channelRoutes = new Hono<AppBindings>()
  // --- Telegram
  .get("/:accountId/platform-telegram", can("read", "Channel"), async (c) =>
    c.json(await telegramState(c.env, await getChannel(c.env, acc(c), "TELEGRAM"), { live: true, requestUrl: c.req.url }), 200),
  )
  .put("/:accountId/platform-telegram", can("manage", "Channel"), v("json", telegramConnectSchema), async (c) =>
    c.json(await connectTelegram(c.env, acc(c), c.req.valid("json"), c.req.url), 200),
  )
  .post("/:accountId/platform-telegram/toggle", can("manage", "Channel"), v("json", toggleSchema), async (c) => c.json(await toggleTelegram(c.env, acc(c), c.req.valid("json").enabled), 200))
  .delete("/:accountId/platform-telegram", can("manage", "Channel"), async (c) => c.json(await disconnectTelegram(c.env, acc(c)), 200))
  // --- WhatsApp (Green API), every call of §7.2
  .post("/:accountId/platform-whatsapp/create-instance", can("manage", "Channel"), v("json", whatsappCreateSchema), async (c) =>
    c.json(await createWhatsappInstance(c.env, acc(c), c.req.valid("json"), c.req.url), 201),
  )
  .get("/:accountId/platform-whatsapp/settings", can("read", "Channel"), async (c) => c.json(whatsappSettingsDto(c.env, await getChannel(c.env, acc(c), "WHATSAPP")), 200))
  .put("/:accountId/platform-whatsapp", can("manage", "Channel"), v("json", whatsappSettingsSchema), async (c) => c.json(await putWhatsappSettings(c.env, acc(c), c.req.valid("json")), 200))
  .get("/:accountId/platform-whatsapp/instance-settings", can("read", "Channel"), async (c) => c.json(await getInstanceSettings(c.env, acc(c)), 200))
  .put("/:accountId/platform-whatsapp/instance-settings", can("manage", "Channel"), v("json", instanceSettingsSchema), async (c) =>
    c.json(await putInstanceSettings(c.env, acc(c), c.req.valid("json"), c.req.url), 200),
  )
  .get("/:accountId/platform-whatsapp/instance-state", can("read", "Channel"), async (c) => c.json(await whatsappInstanceState(c.env, acc(c)), 200))
  .get("/:accountId/platform-whatsapp/get-qr-code", can("manage", "Channel"), async (c) => c.json(await whatsappQr(c.env, acc(c)), 200))
  .post("/:accountId/platform-whatsapp/connect-by-phone-code", can("manage", "Channel"), v("json", phoneCodeSchema), async (c) =>
    c.json(await whatsappPhoneCode(c.env, acc(c), c.req.valid("json").phoneNumber), 200),
  )
  .post("/:accountId/platform-whatsapp/reboot", can("manage", "Channel"), async (c) => c.json(await whatsappReboot(c.env, acc(c)), 200))
  .post("/:accountId/platform-whatsapp/logout", can("manage", "Channel"), async (c) => c.json(await whatsappLogout(c.env, acc(c)), 200))
  .post("/:accountId/platform-whatsapp/toggle", can("manage", "Channel"), v("json", toggleSchema), async (c) => c.json(await toggleWhatsapp(c.env, acc(c), c.req.valid("json").enabled), 200))
  .delete("/:accountId/platform-whatsapp", can("manage", "Channel"), async (c) => c.json(await deleteWhatsapp(c.env, acc(c)), 200))
  // --- Instagram
  .get("/:accountId/platform-instagram", can("read", "Channel"), async (c) => c.json(instagramState(c.env, await getChannel(c.env, acc(c), "INSTAGRAM")), 200))
  .put("/:accountId/platform-instagram", can("manage", "Channel"), v("json", instagramConnectSchema), async (c) => c.json(await connectInstagram(c.env, acc(c), c.req.valid("json")), 200))
  .patch("/:accountId/platform-instagram/settings", can("manage", "Channel"), v("json", instagramSettingsSchema), async (c) =>
    c.json(await updateInstagramSettings(c.env, acc(c), c.req.valid("json")), 200),
  )
  .post("/:accountId/platform-instagram/toggle", can("manage", "Channel"), v("json", toggleSchema), async (c) => c.json(await toggleInstagram(c.env, acc(c), c.req.valid("json").enabled), 200))
  .delete("/:accountId/platform-instagram", can("manage", "Channel"), async (c) => c.json(await disconnectInstagram(c.env, acc(c)), 200))
  // --- Instagram through Facebook Login (instagram-oauth.service.ts; the callback is meta-oauth.routes.ts)
  .get("/:accountId/platform-instagram/oauth", can("read", "Channel"), async (c) => c.json({ available: metaOauthAvailable(c.env) }, 200))
  .post("/:accountId/platform-instagram/oauth/start", can("manage", "Channel"), async (c) => {
    const { url, nonce } = await startInstagramOauth(c.env, acc(c), c.get("auth").user.id, c.req.url);
    setCookie(c, NONCE_COOKIE, nonce, { path: "/api/oauth/meta", httpOnly: true, sameSite: "Lax", secure: new URL(redirectUri(c.env, c.req.url)).protocol === "https:", maxAge: STATE_TTL_MS / 1000 });
    return c.json({ url }, 200);
  })
  .get("/:accountId/platform-instagram/oauth/candidates/:pickId", can("manage", "Channel"), v("param", oauthPickParam), async (c) =>
    c.json(await getOauthCandidates(c.env, acc(c), c.get("auth").user.id, c.req.valid("param").pickId), 200),
  )
  .post("/:accountId/platform-instagram/oauth/connect", can("manage", "Channel"), v("json", oauthConnectSchema), async (c) =>
    c.json(await connectFromOauth(c.env, acc(c), c.get("auth").user.id, c.req.valid("json")), 200),
  )
  // --- Instagram comments (/comments page)
  .get("/:accountId/instagram-comments/posts", can("read", "Thread"), v("query", pageQuery()), async (c) => {
    const { page, limit } = c.req.valid("query");
    return c.json(await listPosts(c.env, acc(c), page, limit), 200);
  })
  .get("/:accountId/instagram-comments/posts/:mediaId/comments", can("read", "Thread"), v("param", mediaParam.extend({ accountId: mediaParam.shape.mediaId })), v("query", pageQuery()), async (c) => {
    const { page, limit } = c.req.valid("query");
    return c.json(await listComments(c.env, acc(c), c.req.valid("param").mediaId, page, limit), 200);
  })
  .post("/:accountId/instagram-comments/:commentId/reply", can("create", "Message"), v("param", commentParam.extend({ accountId: commentParam.shape.commentId })), v("json", replySchema), async (c) =>
    c.json(await replyToComment(c.env, acc(c), c.get("auth").user.id, c.req.valid("param").commentId, c.req.valid("json")), 201),
  );
