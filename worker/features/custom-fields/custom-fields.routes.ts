import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as s from "./custom-fields.schemas";
import * as svc from "./custom-fields.service";
import * as values from "./contact-fields.service";
import * as tags from "./tags.service";
import { announceContactChange } from "./announce";

/**
 * Custom field definitions, tags, and a contact's values and tags (mounted at /api/accounts).
 * Definitions and tags are changed by owners and admins; operators read them and fill contacts'
 * values and tags (the ability rules of lib/permissions).
 */
export const customFieldRoutes = new Hono<AppBindings>()
  .get("/:accountId/custom-fields", can("read", "CustomField"), async (c) => {
    return c.json(await svc.listFields(c.env, c.get("member").accountId), 200);
  })
  .post("/:accountId/custom-fields", can("create", "CustomField"), v("json", s.fieldCreateSchema), async (c) => {
    const field = await svc.createField(c.env, c.get("member").accountId, c.req.valid("json"));
    return c.json({ ...field, message: "Поле создано" }, 201);
  })
  .put("/:accountId/custom-fields/order", can("update", "CustomField"), v("json", s.fieldOrderSchema), async (c) => {
    const list = await svc.reorderFields(c.env, c.get("member").accountId, c.req.valid("json").ids);
    return c.json({ ...list, message: "Порядок полей сохранён" }, 200);
  })
  .get("/:accountId/custom-fields/:fieldId", can("read", "CustomField"), v("param", s.fieldParam), async (c) => {
    return c.json(await svc.getField(c.env, c.get("member").accountId, c.req.valid("param").fieldId), 200);
  })
  .patch("/:accountId/custom-fields/:fieldId", can("update", "CustomField"), v("param", s.fieldParam), v("json", s.fieldUpdateSchema), async (c) => {
    const field = await svc.updateField(c.env, c.get("member").accountId, c.req.valid("param").fieldId, c.req.valid("json"));
    return c.json({ ...field, message: "Поле сохранено" }, 200);
  })
  .delete("/:accountId/custom-fields/:fieldId", can("delete", "CustomField"), v("param", s.fieldParam), async (c) => {
    const r = await svc.deleteField(c.env, c.get("member").accountId, c.req.valid("param").fieldId);
    return c.json({ ...r, message: "Поле удалено" }, 200);
  })
  .get("/:accountId/tags", can("read", "Tag"), async (c) => {
    return c.json(await tags.listTags(c.env, c.get("member").accountId), 200);
  })
  .post("/:accountId/tags", can("create", "Tag"), v("json", s.tagCreateSchema), async (c) => {
    const tag = await tags.createTag(c.env, c.get("member").accountId, c.req.valid("json"));
    return c.json({ ...tag, message: "Тег создан" }, 201);
  })
  .patch("/:accountId/tags/:tagId", can("update", "Tag"), v("param", s.tagParam), v("json", s.tagUpdateSchema), async (c) => {
    const tag = await tags.updateTag(c.env, c.get("member").accountId, c.req.valid("param").tagId, c.req.valid("json"));
    return c.json({ ...tag, message: "Тег сохранён" }, 200);
  })
  .delete("/:accountId/tags/:tagId", can("delete", "Tag"), v("param", s.tagParam), async (c) => {
    const r = await tags.deleteTag(c.env, c.get("member").accountId, c.req.valid("param").tagId);
    return c.json({ ...r, message: "Тег удалён" }, 200);
  })
  .put("/:accountId/contacts/:contactId/fields", can("update", "Contact"), v("param", s.contactParam), v("json", s.fieldValuesSchema), async (c) => {
    const { accountId } = c.get("member");
    const { contactId } = c.req.valid("param");
    const r = await values.setContactFields(c.env, accountId, contactId, c.req.valid("json").values);
    await announceContactChange(c.env, accountId, contactId);
    return c.json({ ...r, message: "Поля контакта сохранены" }, 200);
  })
  .put("/:accountId/contacts/:contactId/tags", can("update", "Contact"), v("param", s.contactParam), v("json", s.contactTagsSchema), async (c) => {
    const { accountId } = c.get("member");
    const { contactId } = c.req.valid("param");
    await values.assertContact(c.env, accountId, contactId);
    const list = await tags.setContactTags(c.env, accountId, contactId, c.req.valid("json").tagIds);
    await announceContactChange(c.env, accountId, contactId);
    return c.json({ tags: list, message: "Теги контакта сохранены" }, 200);
  });
