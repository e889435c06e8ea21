-- Catalogue texts in each of the store's languages. The plain columns keep the texts in the area's
-- own language (a tab's `type` is also its key, which the pages send back); these hold the other
-- languages, e.g. labels {"ko": "패키지", "zh": "礼包"}. A page reads its language only where the
-- whole game-area has it, else the area's language (server/src/catalogue/catalogue-language.ts).
ALTER TABLE product_tabs ADD COLUMN labels jsonb NOT NULL DEFAULT '{}';
ALTER TABLE pay_types ADD COLUMN names jsonb NOT NULL DEFAULT '{}';
-- {"zh": {"productName": ..., "productContent": ..., "firstPayIcon": ..., "firstPayContent": ..., "payIcon": ..., "payContent": ...}}
ALTER TABLE bundles ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';
-- A slide's words drawn over its picture, by language: {"en": {"eyebrow", "title", "subtitle", "action"}}.
-- Without them the picture is shown as it is.
ALTER TABLE banners ADD COLUMN texts jsonb NOT NULL DEFAULT '{}';
