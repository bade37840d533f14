ALTER TABLE `broadcast_packages` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `plans` ADD `translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Names in the interface's languages (hand-written below the generated columns). A plan's and a
-- package's `name` (and a plan's `description`) stay Russian, the source and the fallback;
-- `translations` holds {"en": {"name", "description"}, "fr": …, "ar": …}, which the SPA shows in
-- English, French and Arabic (web/features/billing/localized-name.ts). The seeded plans of
-- 0024_billing_sql (the trial's description as 0043 reworded it) get theirs, each text only while the
-- row still holds the seeded Russian one: a name or description an administrator wrote is kept, and
-- left without a translation until they give one.
WITH seeded(code, lang, ru_name, name, ru_description, description) AS (VALUES
  ('trial', 'en', 'Пробный', 'Trial', 'Бесплатно: попробовать ассистентов во всех мессенджерах', 'Free: try the assistants in every messenger'),
  ('trial', 'fr', 'Пробный', 'Essai', 'Бесплатно: попробовать ассистентов во всех мессенджерах', 'Gratuit : essayez les assistants dans toutes les messageries'),
  ('trial', 'ar', 'Пробный', 'التجريبية', 'Бесплатно: попробовать ассистентов во всех мессенджерах', 'مجانًا: جرّب المساعدين في جميع تطبيقات المراسلة'),
  ('start', 'en', 'Старт', 'Start', 'Небольшой бизнес: один-два канала и ассистент', 'Small business: one or two channels and an assistant'),
  ('start', 'fr', 'Старт', 'Start', 'Небольшой бизнес: один-два канала и ассистент', 'Petite entreprise : un ou deux canaux et un assistant'),
  ('start', 'ar', 'Старт', 'البداية', 'Небольшой бизнес: один-два канала и ассистент', 'للأعمال الصغيرة: قناة أو قناتان ومساعد'),
  ('business', 'en', 'Бизнес', 'Business', 'Растущая команда: все мессенджеры, рассылки, операторы', 'Growing team: every messenger, broadcasts, operators'),
  ('business', 'fr', 'Бизнес', 'Business', 'Растущая команда: все мессенджеры, рассылки, операторы', 'Équipe en croissance : toutes les messageries, diffusions, opérateurs'),
  ('business', 'ar', 'Бизнес', 'الأعمال', 'Растущая команда: все мессенджеры, рассылки, операторы', 'لفريق متنامٍ: جميع تطبيقات المراسلة والرسائل الجماعية والمشغلون'),
  ('pro', 'en', 'Профи', 'Pro', 'Большие объёмы: много ассистентов, каналов и операторов', 'High volumes: many assistants, channels and operators'),
  ('pro', 'fr', 'Профи', 'Pro', 'Большие объёмы: много ассистентов, каналов и операторов', 'Gros volumes : de nombreux assistants, canaux et opérateurs'),
  ('pro', 'ar', 'Профи', 'الاحترافية', 'Большие объёмы: много ассистентов, каналов и операторов', 'للأحجام الكبيرة: مساعدون وقنوات ومشغلون كثيرون')
)
UPDATE plans SET
  translations = json_patch(translations, (
    SELECT json_group_object(s.lang, json_patch(
      CASE WHEN plans.name = s.ru_name THEN json_object('name', s.name) ELSE '{}' END,
      CASE WHEN plans.description = s.ru_description THEN json_object('description', s.description) ELSE '{}' END))
    FROM seeded s WHERE s.code = plans.code)),
  updated_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE EXISTS (SELECT 1 FROM seeded s WHERE s.code = plans.code AND (plans.name = s.ru_name OR plans.description = s.ru_description));
--> statement-breakpoint
-- The demo's packages (scripts/seed-broadcast-packages.mjs, which writes these names for a new
-- database): a database seeded before this migration gets them here, while the seeded name is kept.
WITH seeded(id, ru_name, en, fr, ar) AS (VALUES
  ('pkg-start', 'Старт', 'Start', 'Start', 'البداية'),
  ('pkg-business', 'Бизнес', 'Business', 'Business', 'الأعمال'),
  ('pkg-pro', 'Профи', 'Pro', 'Pro', 'الاحترافية')
)
UPDATE broadcast_packages SET
  translations = json_patch(translations, (
    SELECT json_object('en', json_object('name', s.en), 'fr', json_object('name', s.fr), 'ar', json_object('name', s.ar))
    FROM seeded s WHERE s.id = broadcast_packages.id)),
  updated_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE EXISTS (SELECT 1 FROM seeded s WHERE s.id = broadcast_packages.id AND s.ru_name = broadcast_packages.name);
